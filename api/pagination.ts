import { z } from '../representations/zod';

/** Query parameters every list endpoint takes (spec General conventions, 3). */
export const listQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be an integer from 1 to 100.' })
    .int({ error: 'limit must be an integer from 1 to 100.' })
    .min(1, { error: 'limit must be an integer from 1 to 100.' })
    .max(100, { error: 'limit must be an integer from 1 to 100.' })
    .default(25)
    .openapi({ description: 'Page size, 1 to 100.', example: 25 }),
  cursor: z
    .string()
    .optional()
    .openapi({ description: 'Opaque continuation; reached only through `_links.next.url`.' }),
});
