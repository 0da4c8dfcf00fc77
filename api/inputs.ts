import { parseMetadataInput } from '../domain/metadata';
import { ValidationFailed } from '../domain/errors';
import { z } from '../representations/zod';

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
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          params: { code: issue.code },
          path: sub === undefined ? [] : [sub],
        });
      }
    }
  })
  .openapi({
    description:
      'Flat map of string keys to string values (numbers and booleans are stored as text); an empty-string value removes its key; the empty string removes every key.',
    oneOf: [METADATA_MAP_DOC, { type: 'string', enum: [''] }],
  } as never);

/** The instants PostgreSQL stores and ISO 8601 writes with a four-digit year: 0001-01-01 to 9999-12-31, in UTC. */
const EARLIEST = new Date('0001-01-01T00:00:00Z').getTime();
const LATEST = new Date('9999-12-31T23:59:59.999Z').getTime();

/**
 * An ISO 8601 date-time with its offset, as every body and query takes one. An instant outside the
 * years 0001 to 9999 once moved to UTC (`0001-01-01T00:00:00+01:00` is in year 0) answers 422.
 */
export const dateTimeInput = z.iso.datetime({ offset: true }).refine(
  (value) => {
    const at = new Date(value).getTime();
    return at >= EARLIEST && at <= LATEST;
  },
  {
    message: 'The date-time must fall from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z once moved to UTC.',
    params: { code: 'invalid' },
  },
);

/** Whether an `include=` list (comma-separated expansions, e.g. `settings,words`) asks for `what`. */
export function includes(include: string | undefined, what: string): boolean {
  return (include ?? '')
    .split(',')
    .map((s) => s.trim())
    .includes(what);
}

/** `workspace_id` as the spec takes it: a `wks_` id, or an integer id of older integrations. */
export const workspaceIdInput = z
  .preprocess((v) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : v), z.string().trim().min(1))
  .openapi({
    // Spec Authentication, 2: a `wks_` id; the integer ids of older integrations are still accepted.
    type: ['string', 'integer'] as never,
    description: 'A `wks_` id (integer ids of older integrations are accepted too).',
    example: 'wks_01jd…',
  });

/** The `{id}` of every path that names one object. */
export const idParams = z.object({ id: z.string() });
