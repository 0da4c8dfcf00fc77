import { ApiError } from '../../domain/errors';
import { DEPRECATED_PATHS } from '../../domain/versions';
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
const OLDER = 'Deprecated: kept unchanged for older integrations.';

const postMeetings = defineRoute({
  ...createBot,
  path: '/meetings',
  tag: 'Deprecated',
  summary: 'Deprecated (2026-08-10): send a bot; use POST /bots',
  description: `${OLDER} Answers exactly as POST /bots.`,
});

const postMeetingBots = defineRoute({
  ...createBot,
  path: '/meeting_bots',
  tag: 'Deprecated',
  summary: 'Deprecated (2026-09-25): send a bot; use POST /bots',
  description: `${OLDER} Answers exactly as POST /bots.`,
});

const getMeetingBot = defineRoute({
  ...getBot,
  path: '/meeting_bots/{id}',
  tag: 'Deprecated',
  summary: 'Deprecated (2026-09-25): get a bot; use GET /bots/{id}',
  description: `${OLDER} Answers exactly as GET /bots/{id}.`,
});

const getOrganizations = defineRoute({
  ...listWorkspaces,
  path: '/organizations',
  tag: 'Deprecated',
  summary: 'Deprecated (2026-08-14): list workspaces; use GET /workspaces',
  description: `${OLDER} Answers exactly as GET /workspaces.`,
});

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

export const deprecatedRoutes = [postMeetings, postMeetingBots, getMeetingBot, getOrganizations, ...notProvided];
