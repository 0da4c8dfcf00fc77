import { ApiError } from '../../domain/errors';
import { DEPRECATED_PATHS, deprecationOf } from '../../domain/versions';
import { idParams } from '../inputs';
import { defineRoute, type RouteDef } from '../routing';
import { z } from '../../representations/zod';
import { createBot, getBot } from './bots';
import { listWorkspaces } from './workspaces';

/**
 * The deprecated paths of the spec's table (Versioning › Deprecated paths). Those whose area this
 * service has answer exactly as their replacement; routing adds `Deprecation`, the `deprecation`
 * link and (once a removal date is set) `Sunset` to every answer, errors included.
 */
/** A deprecated path answering exactly as its replacement `route`; its date and replacement come from the table. */
function alias(route: RouteDef<any, any, any>, path: string, what: string): RouteDef<any, any, any> {
  const d = deprecationOf(route.method, path)!;
  return defineRoute({
    ...route,
    path,
    tag: 'Deprecated',
    summary: `Deprecated (${d.deprecatedOn}): ${what}; use ${d.replacement}`,
    description: `Deprecated: kept unchanged for older integrations. Answers exactly as ${d.replacement}.`,
  });
}

const AREA_NAMES = {
  transcription: 'transcription and translation tasks',
  orders: 'orders',
  conversations: 'conversations',
} as const;

/**
 * Paths of areas this service does not provide (transcription, orders, conversations): a clear
 * 404 naming the area and the replacement, with the deprecation headers, for every key.
 */
const notProvided: RouteDef<any, any, any>[] = DEPRECATED_PATHS.filter((d) => d.area in AREA_NAMES).map((d) =>
  defineRoute({
    method: d.method,
    path: d.path,
    tag: 'Deprecated',
    summary: `Deprecated (${d.deprecatedOn}); use ${d.replacement}. Not provided by this service`,
    description: `The ${AREA_NAMES[d.area as keyof typeof AREA_NAMES]} area is not provided by this service: every request answers 404 \`not_found\` naming the area, with \`Deprecation\` and a \`deprecation\` link.`,
    ...(d.path.includes('{id}') ? { params: idParams } : {}),
    response: { schema: z.object({}), description: 'Never: the area is not provided.' },
    handler: () => {
      throw new ApiError(
        404,
        'not_found',
        `${d.method.toUpperCase()} ${d.path} is deprecated (use ${d.replacement}), and the ${AREA_NAMES[d.area as keyof typeof AREA_NAMES]} area is not provided by this service.`,
      );
    },
  }),
);

export const deprecatedRoutes = [
  alias(createBot, '/meetings', 'send a bot'),
  alias(createBot, '/meeting_bots', 'send a bot'),
  alias(getBot, '/meeting_bots/{id}', 'get a bot'),
  alias(listWorkspaces, '/organizations', 'list workspaces'),
  ...notProvided,
];
