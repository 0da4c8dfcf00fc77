import * as settingsUseCases from '../../services/settings';
import { workspaceIdInput, idParams } from '../inputs';
import { listQuery } from '../pagination';
import { mapPage } from '../../domain/pagination';
import { defineRoute, listSchema } from '../routing';
import { serializeSettings, settingsEtag, settingsSchema } from '../../representations/settings';
import { z } from '../../representations/zod';
import { BUILT_IN_TEMPLATES } from '../../domain/meetings/vocabulary';

export const deletedSchema = (name: string, object: string) =>
  z.object({ id: z.string(), object: z.literal(object), deleted: z.literal(true) }).openapi(name);

/** The groups as JSON Schema: the values domain/settings accepts per path; `inherit` or null leaves a path to the next layer. */
const LANGUAGE_TAG = '^[a-zA-Z]{2,3}(-[a-zA-Z]{4})?(-([a-zA-Z]{2}|[0-9]{3}))?$';
const inheritOr = (...schemas: object[]) => ({ anyOf: [...schemas, { enum: ['inherit', null] }] });
const group = (properties: Record<string, object>) => ({ type: 'object', properties, additionalProperties: false });
const bool = inheritOr({ type: 'boolean' });
const language = (...words: string[]) => inheritOr({ type: 'string', pattern: LANGUAGE_TAG }, { enum: words });
const groupDoc = (description: string, schema: object) =>
  z
    .unknown()
    .optional()
    .openapi({ ...schema, description } as never);
const SETTINGS_GROUPS = {
  recording: groupDoc(
    '`enabled` (boolean), `methods.bot.start` (`on_join`, `on_command`), `methods.bot.mode` (`audio_and_video`, `audio_only`), `methods.bot.silence_detection.alert` (boolean).',
    group({
      enabled: bool,
      methods: group({
        bot: group({
          start: inheritOr({ enum: ['on_join', 'on_command'] }),
          mode: inheritOr({ enum: ['audio_and_video', 'audio_only'] }),
          silence_detection: group({ alert: bool }),
        }),
      }),
    }),
  ),
  transcription: groupDoc(
    '`language`: a BCP-47 code, `auto` or `multi`.',
    group({ language: language('auto', 'multi') }),
  ),
  summary: groupDoc(
    '`template`: a built-in slug or a `tpl_` id; `language`: a BCP-47 code or `same_as_transcript`.',
    group({
      template: inheritOr({ enum: BUILT_IN_TEMPLATES }, { type: 'string', pattern: '^tpl_[0-9a-z]{26}$' }),
      language: language('same_as_transcript'),
    }),
  ),
  branding: groupDoc(
    '`brand_kit_id`: a `brk_` brand kit the workspace may use (its own, or one of another workspace of the same creator), or `none`.',
    group({ brand_kit_id: inheritOr({ enum: ['none'] }, { type: 'string', pattern: '^brk_[0-9a-z]{26}$' }) }),
  ),
};
const WRITE_NOTE =
  'Partial at any depth: only the paths sent change. `inherit` (or null) removes this object’s value so the next layer decides. A bad value answers 422 `invalid` naming the dotted field and the allowed values; an unknown or removed field answers 422 `unknown_field`.';
const name = z.string().max(100).trim().min(1).nullable().optional();

/** A settings object on the wire, its version in `ETag` (for `If-Match`). */
const render = ({ settings, assignments }: settingsUseCases.SettingsView, status = 200) => ({
  status,
  kind: 'settings' as const,
  body: serializeSettings(settings, assignments),
  headers: { ETag: settingsEtag(settings) },
});

export const listSettings = defineRoute({
  method: 'get',
  path: '/settings',
  tag: 'Settings',
  summary: "List a workspace's settings objects (owner or admin)",
  description:
    'Oldest first: the workspace’s own settings, its named settings, then each member’s own settings, a page of members at a time. Meetings’ own settings are read through each meeting’s settings block.',
  query: listQuery.extend({ workspace_id: workspaceIdInput }),
  response: { schema: listSchema(settingsSchema, 'SettingsList'), description: 'A page of settings objects.' },
  handler: async (ctx, { query }) => ({
    kind: 'settings',
    page: mapPage(await settingsUseCases.listSettings(ctx, query), (v) => serializeSettings(v.settings, v.assignments)),
  }),
});

export const getSettings = defineRoute({
  method: 'get',
  path: '/settings/{id}',
  tag: 'Settings',
  summary: 'Get a settings object (owner or admin)',
  description: 'The `ETag` header carries its version, for `If-Match` on PATCH and DELETE.',
  params: idParams,
  response: { schema: settingsSchema, description: 'The settings object.' },
  handler: async (ctx, { params }) => render(await settingsUseCases.getSettings(ctx, params.id)),
});

export const createSettings = defineRoute({
  method: 'post',
  path: '/settings',
  tag: 'Settings',
  summary: 'Create a named, reusable settings object in a workspace (owner or admin)',
  description: `It applies nowhere until assigned (POST /settings_assignments). ${WRITE_NOTE}`,
  body: z
    .looseObject({ workspace_id: workspaceIdInput, name, ...SETTINGS_GROUPS })
    .openapi({ additionalProperties: false } as never),
  request: 'settings_write',
  response: { status: 201, schema: settingsSchema, description: 'The settings object.' },
  handler: async (ctx, { body, legacy }) => render(await settingsUseCases.createSettings(ctx, body, legacy), 201),
});

export const updateSettings = defineRoute({
  method: 'patch',
  path: '/settings/{id}',
  tag: 'Settings',
  summary: 'Change a settings object (owner or admin)',
  description: `${WRITE_NOTE} With \`If-Match: <ETag>\` the write applies only to the version read, else 409 settings_changed. A change that alters upcoming meetings’ resolved settings emits meeting.updated for each of them (in the background when it reaches many).`,
  params: idParams,
  body: z.looseObject({ name, ...SETTINGS_GROUPS }).openapi({ additionalProperties: false } as never),
  response: { schema: settingsSchema, description: 'The settings object.' },
  errors: {
    409: 'settings_changed: `If-Match` names a version that is no longer current; meeting_live / meeting_not_upcoming: the settings are a meeting’s own and the meeting is live, or past or cancelled',
  },
  request: 'settings_write',
  handler: async (ctx, { params, body, request, legacy }) =>
    render(await settingsUseCases.updateSettings(ctx, params.id, body, request.headers['if-match'], legacy)),
});

/** Deprecated with the 2026-10-12 release (policies became settings): routing adds the RFC 9745 headers. */
export const updatePolicy = defineRoute({
  ...updateSettings,
  path: '/policies/{id}',
  summary: 'Deprecated: the older path of PATCH /settings/{id}',
  description:
    'Kept for older integrations; answers exactly as PATCH /settings/{id}, with `Deprecation` and a `Link` to the change history.',
});

export const deleteSettings = defineRoute({
  method: 'delete',
  path: '/settings/{id}',
  tag: 'Settings',
  summary: 'Delete a named settings object that is not assigned (owner or admin)',
  description:
    '409 settings_in_use while it is assigned anywhere, and always for own settings (they live as long as their workspace, member or meeting). `If-Match` as for PATCH.',
  params: idParams,
  response: { schema: deletedSchema('DeletedSettings', 'settings'), description: 'The settings object is gone.' },
  errors: {
    409: 'settings_in_use: own settings, or settings still assigned; settings_changed: `If-Match` names a version that is no longer current',
  },
  handler: async (ctx, { params, request }) => {
    const settings = await settingsUseCases.deleteSettings(ctx, params.id, request.headers['if-match']);
    return { body: { id: settings.id, object: 'settings', deleted: true } };
  },
});

export const settingsRoutes = [listSettings, getSettings, createSettings, updateSettings, updatePolicy, deleteSettings];
