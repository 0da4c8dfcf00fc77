import type { ChangeModule } from './types';

/**
 * The deprecated paths of the spec's table (Versioning › Deprecated paths and replacements). No
 * release removes one yet, so each keeps working for every pin; `sunset` stays null until a removal
 * date is set (then the `Sunset` header appears, RFC 8594).
 */
export type DeprecatedPath = {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI-style path. */
  path: string;
  /** What to use instead, as the changelog says it. */
  replacement: string;
  /** The release that deprecated it. */
  deprecatedOn: string;
  /** The removal date, when one is set. */
  sunset: string | null;
  /** The area it belongs to: where this service does not provide it, the path answers 404 `not_found` naming the area. */
  area: 'bots' | 'workspaces' | 'settings' | 'brand_kits' | 'transcription' | 'orders' | 'conversations';
  /** Only requests naming an id with this prefix are the deprecated form (the bot form of GET /meetings/{id}). */
  idPrefix?: string;
};

const p = (
  method: DeprecatedPath['method'],
  path: string,
  replacement: string,
  deprecatedOn: string,
  area: DeprecatedPath['area'],
): DeprecatedPath => ({ method, path, replacement, deprecatedOn, sunset: null, area });

export const DEPRECATED_PATHS: DeprecatedPath[] = [
  p('post', '/transcriptions', 'POST /transcribe', '2025-11-25', 'transcription'),
  p('post', '/task/transcription_translation', 'POST /translate', '2025-11-25', 'transcription'),
  p('get', '/task/transcription_translation/{id}', 'GET /orders/{id}', '2025-11-25', 'orders'),
  p('post', '/meetings', 'POST /bots', '2026-08-10', 'bots'),
  { ...p('get', '/meetings/{id}', 'GET /bots/{id} (the bot form: a bot_ id)', '2026-08-10', 'bots'), idPrefix: 'bot_' },
  p('post', '/orders', 'POST /transcribe or POST /subtitle', '2026-08-14', 'orders'),
  p('post', '/orders/translation', 'POST /translate', '2026-08-14', 'orders'),
  p('get', '/organizations', 'GET /workspaces', '2026-08-14', 'workspaces'),
  p('get', '/transcriptions/{id}', 'GET /conversations/{id}', '2026-08-31', 'conversations'),
  p('patch', '/transcriptions/{id}', 'PATCH /conversations/{id}', '2026-08-31', 'conversations'),
  p('delete', '/transcriptions/{id}', 'DELETE /conversations/{id}', '2026-08-31', 'conversations'),
  p('get', '/transcriptions', 'GET /conversations', '2026-08-31', 'conversations'),
  p('get', '/transcriptions/{id}/summary', 'GET /conversations/{id}/summary', '2026-08-31', 'conversations'),
  p(
    'get',
    '/transcriptions/{id}/convert_to_subtitles',
    'GET /conversations/{id}/convert_to_subtitles',
    '2026-08-31',
    'conversations',
  ),
  p('post', '/meeting_bots', 'POST /bots', '2026-09-25', 'bots'),
  p('get', '/meeting_bots/{id}', 'GET /bots/{id}', '2026-09-25', 'bots'),
  p('patch', '/policies/{id}', 'PATCH /settings/{id}', '2026-10-12', 'settings'),
  // Removed by 2026-10-12 (spec: Release 2026-10-12, Brand kits): earlier pins keep them.
  p('get', '/workspaces/{id}/brand_kit', 'GET /brand_kits?workspace_id=', '2026-10-12', 'brand_kits'),
  p('patch', '/workspaces/{id}/brand_kit', 'PATCH /brand_kits/{id}', '2026-10-12', 'brand_kits'),
];

export function deprecationOf(method: string, path: string): DeprecatedPath | undefined {
  return DEPRECATED_PATHS.find((d) => d.method === method.toLowerCase() && d.path === path);
}

const TITLES: Record<string, string> = {
  '2025-11-25': 'Transcription tasks move to /transcribe and /translate',
  '2026-08-10': 'Bots get their own endpoints',
  '2026-08-14': 'Orders split by kind; organizations become workspaces',
  '2026-08-31': 'Transcriptions are conversations',
  '2026-09-25': 'meeting_bots become bots',
};

/** The releases that only deprecated paths: their changelog entries (no shape changed). */
export const DEPRECATION_RELEASES: ChangeModule[] = Object.entries(TITLES).map(([version, title]) => ({
  version,
  title,
  changes: DEPRECATED_PATHS.filter((d) => d.deprecatedOn === version).map(
    (d) => `${d.method.toUpperCase()} ${d.path} is deprecated: use ${d.replacement}. No removal date is set.`,
  ),
  downgrade: {},
}));
