import { parseMetadataInput } from '../domain/metadata';
import { ValidationFailed } from '../domain/errors';
import { z } from './zod';

/**
 * The metadata map as JSON Schema (spec Resources › Metadata rules): keys of 1 to 40 characters
 * without square brackets; values strings of at most 500 characters, numbers or booleans. The
 * 50-key limit applies to the map after the merge, so it is not a bound of one request.
 */
export const METADATA_MAP_DOC = {
  type: 'object',
  propertyNames: { minLength: 1, maxLength: 40, pattern: '^[^\\[\\]]*$' },
  additionalProperties: { oneOf: [{ type: 'string', maxLength: 500 }, { type: 'number' }, { type: 'boolean' }] },
} as const;

/** `metadata` as every writable object takes it: checked by the one metadata rule set (domain/metadata). */
export const metadataInput = z
  .unknown()
  .superRefine((value, ctx) => {
    try {
      parseMetadataInput(value);
    } catch (err) {
      if (!(err instanceof ValidationFailed)) throw err;
      for (const issue of err.issues) {
        const sub = issue.field?.startsWith('metadata.') ? issue.field.slice('metadata.'.length) : undefined;
        ctx.addIssue({ code: 'custom', message: issue.message, params: { code: issue.code }, path: sub === undefined ? [] : [sub] });
      }
    }
  })
  .openapi({
    description: 'Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key.',
    oneOf: [METADATA_MAP_DOC, { type: 'string', enum: [''] }],
  } as never);

/** Whether an `include=` list (comma-separated expansions, e.g. `settings,words`) asks for `what`. */
export function includes(include: string | undefined, what: string): boolean {
  return (include ?? '').split(',').map((s) => s.trim()).includes(what);
}
