import { BOT_STATUSES } from '../../domain/meetings/state';
import { BUILT_IN_TEMPLATES, isLanguageTag } from '../../domain/meetings/vocabulary';
import { mapPage } from '../../domain/pagination';
import * as bots from '../../services/bots';
import { metadataInput, dateTimeInput, workspaceIdInput, idParams } from '../inputs';
import { listQuery } from '../pagination';
import { defineRoute, listSchema } from '../routing';
import { botSchema, serializeBot } from '../../representations/bot';
import { z } from '../../representations/zod';

export const sendBotBody = z.strictObject({
  workspace_id: workspaceIdInput,
  meeting_url: z.string().max(2048).trim().min(1).openapi({
    description: 'Join link; normalised, and its platform detected.',
    example: 'https://meet.google.com/abc-defg-hij',
  }),
  join_at: dateTimeInput
    .nullable()
    .optional()
    .openapi({ description: 'When the meeting starts; the bot joins 3 minutes before. Null or absent: now.' }),
  bot_name: z.string().max(100).trim().min(1).optional(),
  // Shown to people in the call: a web address only (no javascript:, data: or file: URLs).
  bot_avatar: z
    .url({ protocol: /^https?$/, error: 'bot_avatar must be an https:// (or http://) image URL.' })
    .max(2048)
    .nullable()
    .optional(),
  welcome_message: z.string().max(500).nullable().optional(),
  recording_start: z.enum(['on_join', 'on_command']).optional(),
  recording_mode: z.enum(['audio_and_video', 'audio_only']).optional(),
  silence_alert: z.boolean().optional(),
  summary_language: z
    .string()
    .refine(isLanguageTag, { message: 'summary_language must be a BCP-47 language code.' })
    .openapi({ pattern: '^[a-zA-Z]{2,3}(-[a-zA-Z]{4})?(-([a-zA-Z]{2}|[0-9]{3}))?$' })
    .nullable()
    .optional(),
  summary_template: z
    .string()
    .refine((t) => BUILT_IN_TEMPLATES.includes(t) || /^tpl_\w+$/.test(t), {
      message: `summary_template must be one of ${BUILT_IN_TEMPLATES.join(', ')} or a tpl_ id.`,
    })
    .openapi({ pattern: `^(${BUILT_IN_TEMPLATES.join('|')}|tpl_\\w+)$` })
    .optional(),
  member_id: z.string().nullable().optional().openapi({ description: 'The meeting becomes this member’s meeting.' }),
  participants: z
    .array(z.strictObject({ email: z.email(), name: z.string().max(200).trim().nullable().optional() }))
    .max(500)
    .optional(),
  metadata: metadataInput.optional(),
});

const render = (v: bots.BotView) => serializeBot(v.bot, v.meeting, v.settings, v.results);

export const createBot = defineRoute({
  method: 'post',
  path: '/bots',
  tag: 'Bots',
  summary: 'Send a notetaker bot to a call',
  description:
    'Creates the bot (status queued) and its meeting at once. Recording choices sent here become the meeting’s own settings. Limited to 100 bots per hour per workspace. A body with `settings` answers 400.',
  refuse: {
    settings:
      'Bots take no settings object: send the flat recording fields (recording_start, recording_mode, silence_alert, summary_language, summary_template), or change the meeting’s settings.',
  },
  body: sendBotBody,
  request: 'bot_create',
  response: { status: 201, schema: botSchema, description: 'The bot, queued; its meeting exists already.' },
  handler: async (ctx, { body, legacy }) => ({
    status: 201,
    kind: 'bot',
    body: render(await bots.sendBot(ctx, { ...body, older: legacy })),
  }),
});

export const getBot = defineRoute({
  method: 'get',
  path: '/bots/{id}',
  tag: 'Bots',
  summary: 'Get a bot',
  params: idParams,
  response: { schema: botSchema, description: 'The bot.' },
  handler: async (ctx, { params }) => ({ kind: 'bot', body: render(await bots.getBot(ctx, params.id)) }),
});

export const listBots = defineRoute({
  method: 'get',
  path: '/bots',
  tag: 'Bots',
  summary: "List a workspace's bots, oldest first",
  query: listQuery.extend({
    workspace_id: workspaceIdInput,
    meeting_id: z.string().optional(),
    status: z.enum(BOT_STATUSES).optional(),
  }),
  response: { schema: listSchema(botSchema, 'BotList'), description: 'A page of bots.' },
  errors: { 403: 'workspace_access_not_allowed: a guest sees only what is shared with it, not the workspace’s bots' },
  handler: async (ctx, { query }) => ({ kind: 'bot', page: mapPage(await bots.listBots(ctx, query), render) }),
});

export const updateBot = defineRoute({
  method: 'patch',
  path: '/bots/{id}',
  tag: 'Bots',
  summary: "Merge a bot's metadata",
  description: 'Only `metadata` is editable. A failed or cancelled bot is final: 409 bot_not_editable.',
  params: idParams,
  body: z.strictObject({ metadata: metadataInput }),
  request: 'bot_update',
  response: { schema: botSchema, description: 'The bot.' },
  errors: { 409: 'bot_not_editable: the bot is failed or cancelled' },
  handler: async (ctx, { params, body, legacy }) => ({
    kind: 'bot',
    body: render(await bots.updateBotMetadata(ctx, params.id, body.metadata, legacy.metadata)),
  }),
});

export const cancelBotRoute = defineRoute({
  method: 'post',
  path: '/bots/{id}/cancel',
  tag: 'Bots',
  summary: 'Cancel a bot',
  description:
    'A bot that has not finished becomes cancelled and leaves the call if it is in one; a finished bot answers 409 bot_not_cancellable.',
  params: idParams,
  response: { schema: botSchema, description: 'The bot, cancelled.' },
  errors: { 409: 'bot_not_cancellable: the bot is completed, failed or cancelled' },
  handler: async (ctx, { params }) => ({ kind: 'bot', body: render(await bots.cancelBot(ctx, params.id)) }),
});

export const deleteBot = defineRoute({
  method: 'delete',
  path: '/bots/{id}',
  tag: 'Bots',
  summary: 'Cancel a bot (same as POST /bots/{id}/cancel)',
  params: idParams,
  response: { schema: botSchema, description: 'The bot, cancelled.' },
  errors: { 409: 'bot_not_cancellable: the bot is completed, failed or cancelled' },
  handler: async (ctx, { params }) => ({ kind: 'bot', body: render(await bots.cancelBot(ctx, params.id)) }),
});

export const botRoutes = [createBot, listBots, getBot, updateBot, cancelBotRoute, deleteBot];
