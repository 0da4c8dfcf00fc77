/** One validation problem, in the shape of the spec's error entries. */
export type FieldIssue = { code: string; message: string; field?: string };

/** Thrown by pure domain rules; the API renders it as a 422 listing every issue. */
export class ValidationFailed extends Error {
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map((i) => i.message).join('; '));
  }
}

/** The one error type of the API; rendered in one place as `{ errors: [...] }` (spec: Errors › Body). */
export class ApiError extends Error {
  readonly errors: FieldIssue[];
  constructor(
    readonly status: number,
    code: string,
    message: string,
    field?: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.errors = [field === undefined ? { code, message } : { code, message, field }];
  }

  static list(status: number, issues: FieldIssue[]): ApiError {
    const err = new ApiError(status, issues[0]?.code ?? 'invalid', issues[0]?.message ?? 'Invalid request.');
    (err as { errors: FieldIssue[] }).errors = issues;
    return err;
  }
}

export const notFound = (what = 'Resource') => new ApiError(404, 'not_found', `${what} not found.`);
export const unauthorized = () => new ApiError(401, 'unauthorized', 'Unauthorized');
export const missingWorkspace = () => new ApiError(400, 'bad_request', 'Parameter missing: workspace_id');
export const conflict = (code: string, message: string) => new ApiError(409, code, message);

/** A 429 from the API: `retry_in_seconds` in the body equals the `Retry-After` header. */
export function rateLimited(retryInSeconds: number, code = 'rate_limited', message = 'Rate limit reached.'): ApiError {
  const seconds = Math.max(1, Math.ceil(retryInSeconds));
  return new ApiError(
    429,
    code,
    `${message} Retry in ${seconds} seconds.`,
    undefined,
    { 'Retry-After': String(seconds) },
    { retry_in_seconds: seconds },
  );
}
