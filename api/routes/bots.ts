import { Bot, Meeting, Member, SummaryTemplate, WorkspaceAccess } from '../../db/entities';
import { meetingWithBots } from '../../db/meetings';
import { meetingPayload } from '../../services/meetings';
import { recordEvent } from '../../db/outbox';
import { slidingWindowWait } from '../../db/rate-limits';
import { newId } from '../../domain/ids';
import { mergeMetadata } from '../../domain/metadata';
import { isCancellable, isEditable, emptyResults, BOT_STATUSES } from '../../domain/meetings/state';
import type { SettingValues } from '../../domain/settings';
import { persistOwnSettings, settingsDigest, settingsForMeeting, settingsForMeetings } from '../../db/settings';
import { detectPlatform, normaliseMeetingUrl } from '../../domain/meetings/url';
import { ValidationFailed } from '../../domain/errors';
import type { SettingsBlock } from '../../domain/settings';
import { BUILT_IN_TEMPLATES, isLanguageTag } from '../../domain/meetings/vocabulary';
import { botWorkflowId, cancelSignal } from '../../workflows/signals';
import { botCommands } from '../../services/commands';
import { accessToObject, workspaceFor } from '../../services/access';
import type { RequestCtx } from '../../services/context';
import { ApiError, notFound, rateLimited, unauthorized } from '../../domain/errors';
import { metadataInput, dateTimeInput, workspaceIdInput, idParams } from '../inputs';
import { listQuery } from '../pagination';
import { decodeCursor, pageOf } from '../../domain/pagination';
import { defineRoute, listSchema } from '../routing';
import { botSchema, serializeBot } from '../../representations/bot';
import { z } from '../../representations/zod';
import { canSeeMeeting, visibleMeetingFilter } from './meeting-access';

const HOUR = 3600;

const PLATFORM_NAMES = { meet: 'Google Meet', zoom: 'Zoom', teams: 'Microsoft Teams' } as const;

export const sendBotBody = z.strictObject({
  workspace_id: workspaceIdInput,
  meeting_url: z.string().max(2048).trim().min(1).openapi({ description: 'Join link; normalised, and its platform detected.', example: 'https://meet.google.com/abc-defg-hij' }),
  join_at: dateTimeInput.nullable().optional().openapi({ description: 'When the meeting starts; the bot joins 3 minutes before. Null or absent: now.' }),
  bot_name: z.string().max(100).trim().min(1).optional(),
  // Shown to people in the call: a web address only (no javascript:, data: or file: URLs).
  bot_avatar: z.url({ protocol: /^https?$/, error: 'bot_avatar must be an https:// (or http://) image URL.' }).max(2048).nullable().optional(),
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
    .refine((t) => BUILT_IN_TEMPLATES.includes(t) || /^tpl_\w+$/.test(t), { message: `summary_template must be one of ${BUILT_IN_TEMPLATES.join(', ')} or a tpl_ id.` })
    .openapi({ pattern: `^(${BUILT_IN_TEMPLATES.join('|')}|tpl_\\w+)$` })
    .optional(),
  member_id: z.string().nullable().optional().openapi({ description: 'The meeting becomes this member’s meeting.' }),
  participants: z
    .array(z.strictObject({ email: z.email(), name: z.string().max(200).trim().nullable().optional() }))
    .max(500)
    .optional(),
  metadata: metadataInput.optional(),
});

type SendBotInput = z.output<typeof sendBotBody>;

/**
 * The recording choices sent with the bot become the meeting's own settings (spec: Bot). Sending a
 * bot asks for the meeting to be recorded, so its own settings also enable recording.
 */
function ownSettingsFrom(body: SendBotInput): SettingValues {
  const own: SettingValues = { 'recording.enabled': true };
  if (body.recording_start !== undefined) own['recording.methods.bot.start'] = body.recording_start;
  if (body.recording_mode !== undefined) own['recording.methods.bot.mode'] = body.recording_mode;
  if (body.silence_alert !== undefined) own['recording.methods.bot.silence_detection.alert'] = body.silence_alert;
  if (body.summary_language !== undefined) own['summary.language'] = body.summary_language ?? 'same_as_transcript';
  if (body.summary_template !== undefined) own['summary.template'] = body.summary_template;
  return own;
}

async function loadBot(ctx: RequestCtx, id: string): Promise<{ bot: Bot; meeting: Meeting; access: WorkspaceAccess; settings: SettingsBlock }> {
  const bot = await ctx.em.findOne(Bot, { id });
  if (!bot) throw notFound('Bot');
  const { access } = await accessToObject(ctx, bot.workspaceId, 'Bot');
  const meeting = await ctx.em.findOneOrFail(Meeting, { id: bot.meetingId });
  if (!canSeeMeeting(access, meeting)) throw notFound('Bot');
  return { bot, meeting, access, settings: await settingsForMeeting(ctx.em, meeting) };
}

/** POST /bots: the bot, its meeting, meeting.created, and the command starting the bot workflow, all or nothing. */
async function sendBot(ctx: RequestCtx, body: SendBotInput) {
  const { workspace, access } = await workspaceFor(ctx, body.workspace_id);
  if (access.role === 'guest') throw unauthorized();

  const meetingUrl = normaliseMeetingUrl(body.meeting_url);
  const platform = detectPlatform(meetingUrl);
  let memberId = body.member_id ?? null;
  if (access.role === 'member') memberId = access.memberId; // a member's bots record its own meetings
  if (memberId && !(await ctx.em.findOne(Member, { id: memberId, workspaceId: workspace.id, deletedAt: null }))) {
    throw new ValidationFailed([{ code: 'invalid', field: 'member_id', message: 'member_id names no member of this workspace.' }]);
  }
  if (body.summary_template?.startsWith('tpl_') && !(await ctx.em.findOne(SummaryTemplate, { id: body.summary_template, workspaceId: workspace.id }))) {
    throw new ValidationFailed([{ code: 'invalid', field: 'summary_template', message: `summary_template names no summary template of this workspace: ${body.summary_template}.` }]);
  }
  // Participants who are members of the workspace carry their member_id.
  const emails = (body.participants ?? []).map((p) => p.email.toLowerCase());
  const memberByEmail = new Map<string, string>();
  if (emails.length) {
    const rows = await ctx.em.execute<{ id: string; email: string }[]>(
      'select id, lower(email) as email from members where workspace_id = ? and deleted_at is null and lower(email) in (?)',
      [workspace.id, emails],
    );
    for (const r of rows) memberByEmail.set(r.email, r.id);
  }

  const now = new Date();
  const joinAt = body.join_at ? new Date(body.join_at) : null;
  const meeting = Object.assign(new Meeting(), {
    id: newId('meeting'),
    workspaceId: workspace.id,
    memberId,
    source: 'bot' as const,
    title: `${platform ? PLATFORM_NAMES[platform] : 'Online'} meeting`,
    startsAt: joinAt ?? now,
    meetingUrl,
    platform,
    participants: (body.participants ?? []).map((p) => ({ name: p.name ?? null, email: p.email, member_id: memberByEmail.get(p.email.toLowerCase()) ?? null })),
    ownSettingsId: newId('settings'),
    ownAssignmentId: newId('settingsAssignment'),
    results: emptyResults(),
    createdAt: now,
    updatedAt: now,
  });
  const bot = Object.assign(new Bot(), {
    id: newId('bot'),
    workspaceId: workspace.id,
    meetingId: meeting.id,
    meetingUrl,
    joinAt,
    botName: body.bot_name ?? 'Notetaker',
    botAvatar: body.bot_avatar ?? null,
    welcomeMessage: body.welcome_message ?? null,
    metadata: body.metadata === undefined ? {} : mergeMetadata({}, body.metadata),
    createdBy: ctx.account.id,
    createdAt: now,
    updatedAt: now,
  });

  const { botsPerHour } = ctx.deps.config.rateLimits;
  const settings = await ctx.em.transactional(async (em) => {
    const wait = await slidingWindowWait(em, 'bots', workspace.id, botsPerHour, HOUR);
    if (wait !== null) throw rateLimited(wait, 'rate_limited', `At most ${botsPerHour} bots can be sent per hour in a workspace.`);
    em.persist(meeting);
    await em.flush();
    await persistOwnSettings(em, { kind: 'meeting', id: meeting.id, workspaceId: workspace.id, values: ownSettingsFrom(body), settingsId: meeting.ownSettingsId, assignmentId: meeting.ownAssignmentId });
    em.persist(bot);
    await em.flush();
    const settings = await settingsForMeeting(em, meeting);
    meeting.settingsDigest = settingsDigest(settings);
    recordEvent(em, { workspaceId: workspace.id, type: 'meeting.created', objectId: meeting.id, payload: meetingPayload(meeting, [bot], settings) });
    // The workflow starts after commit (the outbox): with Temporal away, the bot waits queued until it returns.
    botCommands.start(em, bot);
    await em.flush();
    return settings;
  });
  return { bot, meeting, settings };
}

export const createBot = defineRoute({
  method: 'post',
  path: '/bots',
  tag: 'Bots',
  summary: 'Send a notetaker bot to a call',
  description:
    'Creates the bot (status queued) and its meeting at once. Recording choices sent here become the meeting’s own settings. Limited to 100 bots per hour per workspace. A body with `settings` answers 400.',
  refuse: { settings: 'Bots take no settings object: send the flat recording fields (recording_start, recording_mode, silence_alert, summary_language, summary_template), or change the meeting’s settings.' },
  body: sendBotBody,
  response: { status: 201, schema: botSchema, description: 'The bot, queued; its meeting exists already.' },
  handler: async (ctx, { body }) => {
    const { bot, meeting, settings } = await sendBot(ctx, body);
    return { status: 201, kind: 'bot', body: serializeBot(bot, meeting, settings) };
  },
});

export const getBot = defineRoute({
  method: 'get',
  path: '/bots/{id}',
  tag: 'Bots',
  summary: 'Get a bot',
  params: idParams,
  response: { schema: botSchema, description: 'The bot.' },
  handler: async (ctx, { params }) => {
    const { bot, meeting, settings } = await loadBot(ctx, params.id);
    return { kind: 'bot', body: serializeBot(bot, meeting, settings) };
  },
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
  handler: async (ctx, { query }) => {
    const { workspace, access } = await workspaceFor(ctx, query.workspace_id);
    const after = decodeCursor<{ id: string }>(query.cursor, ['id']);
    const visible = visibleMeetingFilter(access);
    if (visible === 'none') return { kind: 'bot', page: { data: [], hasMore: false, nextCursor: null } };
    const where: Record<string, unknown> = { workspaceId: workspace.id };
    if (after) where.id = { $gt: after.id };
    if (query.status) where.status = query.status;
    if (query.meeting_id) where.meetingId = query.meeting_id;
    if (visible) {
      const own = (await ctx.em.find(Meeting, { workspaceId: workspace.id, memberId: visible.memberId }, { fields: ['id'] })).map((m) => m.id);
      where.meetingId = query.meeting_id ? (own.includes(query.meeting_id) ? query.meeting_id : '') : { $in: own };
    }
    const rows = await ctx.em.find(Bot, where, { orderBy: { id: 'asc' }, limit: query.limit + 1 });
    const page = pageOf(rows, query.limit, (b) => ({ id: b.id }));
    const found = await ctx.em.find(Meeting, { id: { $in: page.data.map((b) => b.meetingId) } });
    const meetings = new Map(found.map((m) => [m.id, m]));
    const settings = await settingsForMeetings(ctx.em, found);
    return { kind: 'bot', page: { ...page, data: page.data.map((b) => serializeBot(b, meetings.get(b.meetingId)!, settings.get(b.meetingId)!)) } };
  },
});

export const updateBot = defineRoute({
  method: 'patch',
  path: '/bots/{id}',
  tag: 'Bots',
  summary: "Merge a bot's metadata",
  description: 'Only `metadata` is editable. A failed or cancelled bot is final: 409 bot_not_editable.',
  params: idParams,
  body: z.strictObject({ metadata: metadataInput }),
  response: { schema: botSchema, description: 'The bot.' },
  errors: { 409: 'bot_not_editable: the bot is failed or cancelled' },
  handler: async (ctx, { params, body }) => {
    const { bot, meeting, access, settings } = await loadBot(ctx, params.id);
    if (access.role === 'guest') throw unauthorized();
    if (!isEditable(bot.status)) throw new ApiError(409, 'bot_not_editable', `The bot is ${bot.status}; its metadata can no longer change.`);
    // Spec: keys pinned before 2026-10-12 replace the metadata object instead of merging.
    bot.metadata = ctx.version < '2026-10-12' ? mergeMetadata({}, body.metadata) : mergeMetadata(bot.metadata, body.metadata);
    await ctx.em.flush();
    return { kind: 'bot', body: serializeBot(bot, meeting, settings) };
  },
});

async function cancelBot(ctx: RequestCtx, id: string) {
  const { bot, access } = await loadBot(ctx, id);
  if (access.role === 'guest') throw unauthorized();
  if (!isCancellable(bot.status)) throw new ApiError(409, 'bot_not_cancellable', `The bot is ${bot.status}; only a bot that has not finished can be cancelled.`);
  botCommands.cancel(ctx.em, bot);
  await ctx.em.flush();
  // The workflow owns the transition (the dispatcher signals it after commit); wait briefly so the answer shows it.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const fresh = await ctx.deps.orm.em.fork().findOneOrFail(Bot, { id: bot.id });
    if (fresh.status === 'cancelled' || Date.now() > deadline || (fresh.status !== bot.status && !isCancellable(fresh.status))) {
      const em = ctx.deps.orm.em.fork();
      const { meeting } = await meetingWithBots(em, fresh.meetingId);
      return { kind: 'bot' as const, body: serializeBot(fresh, meeting, await settingsForMeeting(em, meeting)) };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const cancelBotRoute = defineRoute({
  method: 'post',
  path: '/bots/{id}/cancel',
  tag: 'Bots',
  summary: 'Cancel a bot',
  description: 'A bot that has not finished becomes cancelled and leaves the call if it is in one; a finished bot answers 409 bot_not_cancellable.',
  params: idParams,
  response: { schema: botSchema, description: 'The bot, cancelled.' },
  errors: { 409: 'bot_not_cancellable: the bot is completed, failed or cancelled' },
  handler: (ctx, { params }) => cancelBot(ctx, params.id),
});

export const deleteBot = defineRoute({
  method: 'delete',
  path: '/bots/{id}',
  tag: 'Bots',
  summary: 'Cancel a bot (same as POST /bots/{id}/cancel)',
  params: idParams,
  response: { schema: botSchema, description: 'The bot, cancelled.' },
  errors: { 409: 'bot_not_cancellable: the bot is completed, failed or cancelled' },
  handler: (ctx, { params }) => cancelBot(ctx, params.id),
});

export const botRoutes = [createBot, listBots, getBot, updateBot, cancelBotRoute, deleteBot];
