/** One validation problem, in the shape of the spec's error entries. */
export type FieldIssue = { code: string; message: string; field?: string };

/** Thrown by pure domain rules; the API renders it as a 422 listing every issue. */
export class ValidationFailed extends Error {
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map((i) => i.message).join('; '));
  }
}
