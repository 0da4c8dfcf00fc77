import {
  Bot,
  Meeting,
  MeetingResult,
  Settings,
  SettingsAssignment,
  WebhookEvent,
  WorkflowCommandRow,
} from '../db/entities';
import { memberAndPeople } from '../db/members';
import { meetingWithBots } from '../db/meetings';
import { eventRow } from '../db/outbox';
import { insertWithinWindow } from '../db/rate-limits';
import {
  ownSettingsRows,
  settingsDigest,
  settingsForMeeting,
  settingsForMeetings,
  settingsForNewMeetings,
} from '../db/settings';
import { ApiError, notFound, rateLimited, unauthorized, ValidationFailed } from '../domain/errors';
import { newId } from '../domain/ids';
import { isCancellable, isEditable, type BotStatus } from '../domain/meetings/state';
import { detectPlatform, normaliseMeetingUrl, notJoinable, unsupportedService } from '../domain/meetings/url';
import { flatMetadata, mergeMetadata, olderBotMetadata } from '../domain/metadata';
import { isLanguageTag } from '../domain/meetings/vocabulary';
import { before } from '../domain/versions';
import { decodeCursor, pageOf, type Page } from '../domain/pagination';
import type { SettingValues, SettingsBlock } from '../domain/settings';
import { accessToObject, refuseGuest, workspaceFor } from './access';
import { botCommands } from './commands';
import type { RequestCtx } from './context';
import { canSeeMeeting, visibleMeetingFilter } from './meeting-access';
import { meetingPayload, newMeeting } from './meetings';
import { templateIssue } from './summary-templates';

const HOUR = 3600;

const PLATFORM_NAMES = { meet: 'Google Meet', zoom: 'Zoom', teams: 'Microsoft Teams' } as const;

/**
 * A bot as the API shows it: its recording fields read its meeting's current settings. For pins
 * before 2026-10-12 `results` holds the meeting's results, which bots carried then.
 */
export type BotView = { bot: Bot; meeting: Meeting; settings: SettingsBlock; results?: MeetingResult | null };

/** Adds the meeting's results to each view when the caller reads bots in their shape before 2026-10-12. */
async function forVersion<T extends BotView>(ctx: RequestCtx, views: T[]): Promise<T[]> {
  if (!before(ctx.version, '2026-10-12') || views.length === 0) return views;
  const rows = await ctx.em.find(MeetingResult, { meetingId: { $in: views.map((v) => v.meeting.id) } });
  const byMeeting = new Map(rows.map((r) => [r.meetingId, r]));
  for (const v of views) v.results = byMeeting.get(v.meeting.id) ?? null;
  return views;
}

/** POST /bots as parsed (api/routes/bots.ts documents each field). */
export type SendBotInput = {
  workspace_id: string;
  meeting_url: string;
  join_at?: string | null;
  bot_name?: string;
  bot_avatar?: string | null;
  welcome_message?: string | null;
  recording_start?: 'on_join' | 'on_command';
  recording_mode?: 'audio_and_video' | 'audio_only';
  silence_alert?: boolean;
  summary_language?: string | null;
  summary_template?: string;
  member_id?: string | null;
  participants?: { email: string; name?: string | null }[];
  metadata?: unknown;
  /** What a pin before 2026-10-12 sent that the newest body cannot hold (domain/versions upgrade). */
  older?: { metadata?: unknown; transcription_language?: unknown };
};

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
  const language = body.older?.transcription_language;
  if (language !== undefined && language !== 'inherit') {
    if (typeof language !== 'string' || !(language === 'auto' || language === 'multi' || isLanguageTag(language)))
      throw new ValidationFailed([
        {
          code: 'invalid',
          field: 'settings.transcription.language',
          message: 'settings.transcription.language must be a BCP-47 language code, auto or multi.',
        },
      ]);
    own['transcription.language'] = language;
  }
  return own;
}

/** A bot the key may see (404 otherwise: its meeting decides), with the key's access and the meeting's settings. */
async function loadBot(ctx: RequestCtx, id: string) {
  const bot = await ctx.em.findOne(Bot, { id });
  if (!bot) throw notFound('Bot');
  const { access } = await accessToObject(ctx, bot.workspaceId, 'Bot');
  const meeting = await ctx.em.findOneOrFail(Meeting, { id: bot.meetingId });
  if (!canSeeMeeting(access, meeting)) throw notFound('Bot');
  return { bot, meeting, access, settings: await settingsForMeeting(ctx.em, meeting) };
}

/** POST /bots: the bot, its meeting, meeting.created, and the command starting the bot workflow, all or nothing. */
export async function sendBot(ctx: RequestCtx, body: SendBotInput): Promise<BotView> {
  const { workspace, access } = await workspaceFor(ctx, body.workspace_id);
  if (access.role === 'guest') throw unauthorized();

  const meetingUrl = normaliseMeetingUrl(body.meeting_url);
  const platform = detectPlatform(meetingUrl);
  const unsupported = unsupportedService(meetingUrl);
  if (unsupported)
    throw new ValidationFailed([
      {
        code: 'not_supported',
        field: 'meeting_url',
        message: `The notetaker cannot join ${unsupported} calls; it joins Google Meet, Zoom and Microsoft Teams calls.`,
      },
    ]);
  const notCall = notJoinable(meetingUrl);
  if (notCall)
    throw new ValidationFailed([
      {
        code: 'not_available',
        field: 'meeting_url',
        message: `This link is not a call the notetaker can join: ${notCall}.`,
      },
    ]);
  let memberId = body.member_id ?? null;
  if (access.role === 'member') memberId = access.memberId; // a member's bots record its own meetings
  // Participants who are members of the workspace carry their member_id: read with the named member.
  const participants = body.participants ?? [];
  const { member, byEmail: memberOf } = await memberAndPeople(
    ctx.em,
    workspace.id,
    memberId,
    participants.map((p) => p.email),
  );
  if (memberId && !member) {
    throw new ValidationFailed([
      { code: 'invalid', field: 'member_id', message: 'member_id names no member of this workspace.' },
    ]);
  }
  const templateProblem =
    body.summary_template === undefined
      ? null
      : await templateIssue(ctx.em, workspace.id, body.summary_template, 'summary_template');
  if (templateProblem) throw new ValidationFailed([templateProblem]);

  const now = new Date();
  const joinAt = body.join_at ? new Date(body.join_at) : null;
  const meeting = newMeeting(
    {
      workspaceId: workspace.id,
      memberId,
      source: 'bot',
      title: `${platform ? PLATFORM_NAMES[platform] : 'Online'} meeting`,
      startsAt: joinAt ?? now,
      meetingUrl,
      participants: participants.map((p) => ({
        name: p.name ?? null,
        email: p.email,
        member_id: memberOf.get(p.email.toLowerCase()) ?? null,
      })),
    },
    now,
  );
  const bot = Object.assign(new Bot(), {
    id: newId('bot'),
    workspaceId: workspace.id,
    meetingId: meeting.id,
    meetingUrl,
    joinAt,
    botName: body.bot_name ?? 'Notetaker',
    nameGiven: body.bot_name !== undefined,
    botAvatar: body.bot_avatar ?? null,
    welcomeMessage: body.welcome_message ?? null,
    metadata:
      body.older?.metadata !== undefined
        ? olderBotMetadata(body.older.metadata)
        : body.metadata === undefined
          ? {}
          : mergeMetadata({}, body.metadata),
    createdBy: ctx.account.id,
    createdAt: now,
    updatedAt: now,
  });

  const { botsPerHour } = ctx.deps.config.rateLimits;
  const own = ownSettingsRows(
    {
      kind: 'meeting',
      id: meeting.id,
      workspaceId: workspace.id,
      values: ownSettingsFrom(body),
      settingsId: meeting.ownSettingsId,
      assignmentId: meeting.ownAssignmentId,
    },
    now,
  );
  // Resolution takes the workspace's account and the member's email this request has already read,
  // and the meeting's own assignment as it is about to be written.
  const settings = (
    await settingsForNewMeetings(ctx.em, [meeting], [own], {
      accounts: new Map([[workspace.id, workspace.createdBy]]),
      emails: new Map(member ? [[member.id, member.email]] : []),
    })
  ).get(meeting.id)!;
  meeting.settingsDigest = settingsDigest(settings);
  // Every row in one statement with the hourly limit, committed by itself: bots of one workspace are
  // serialised only while the server runs it, not across a round trip. The workflow starts after
  // commit (the outbox): with Temporal away, the bot waits queued until it returns.
  const wait = await insertWithinWindow(
    ctx.em,
    'bots',
    workspace.id,
    botsPerHour,
    HOUR,
    [
      { entity: Settings, rows: [own.settings] },
      { entity: SettingsAssignment, rows: [own.assignment] },
      { entity: Meeting, rows: [meeting] },
      { entity: Bot, rows: [bot] },
      { entity: WorkflowCommandRow, rows: [botCommands.startRow(bot)] },
      {
        entity: WebhookEvent,
        rows: [
          eventRow({
            workspaceId: workspace.id,
            type: 'meeting.created',
            objectId: meeting.id,
            payload: meetingPayload(meeting, [bot], settings),
          }),
        ],
      },
    ],
    now.getTime(),
  );
  if (wait !== null)
    throw rateLimited(wait, 'rate_limited', `At most ${botsPerHour} bots can be sent per hour in a workspace.`);
  // A new bot's meeting has no results yet: older shapes read the empty result fields.
  return { bot, meeting, settings, ...(before(ctx.version, '2026-10-12') ? { results: null } : {}) };
}

/** GET /bots/{id}. */
export async function getBot(ctx: RequestCtx, id: string): Promise<BotView> {
  const { bot, meeting, settings } = await loadBot(ctx, id);
  const [view] = await forVersion(ctx, [{ bot, meeting, settings }]);
  return view!;
}

export type BotListQuery = {
  workspace_id: string;
  cursor?: string;
  limit: number;
  meeting_id?: string;
  status?: BotStatus;
};

/** GET /bots: the bots of meetings the key may see, oldest first. */
export async function listBots(ctx: RequestCtx, query: BotListQuery): Promise<Page<BotView>> {
  const { workspace, access } = await workspaceFor(ctx, query.workspace_id);
  refuseGuest(access, 'bots');
  const after = decodeCursor<{ id: string }>(query.cursor, { id: 'string' });
  const visible = visibleMeetingFilter(access);
  if (visible === 'none') return { data: [], hasMore: false, nextCursor: null };
  const where: Record<string, unknown> = { workspaceId: workspace.id };
  if (after) where.id = { $gt: after.id };
  if (query.status) where.status = query.status;
  if (query.meeting_id) where.meetingId = query.meeting_id;
  if (visible) {
    const own = (
      await ctx.em.find(Meeting, { workspaceId: workspace.id, memberId: visible.memberId }, { fields: ['id'] })
    ).map((m) => m.id);
    where.meetingId = query.meeting_id ? (own.includes(query.meeting_id) ? query.meeting_id : '') : { $in: own };
  }
  const rows = await ctx.em.find(Bot, where, { orderBy: { id: 'asc' }, limit: query.limit + 1 });
  const page = pageOf(rows, query.limit, (b) => ({ id: b.id }));
  const found = await ctx.em.find(Meeting, { id: { $in: page.data.map((b) => b.meetingId) } });
  const meetings = new Map(found.map((m) => [m.id, m]));
  const settings = await settingsForMeetings(ctx.em, found);
  const views = await forVersion(
    ctx,
    page.data.map((bot) => ({ bot, meeting: meetings.get(bot.meetingId)!, settings: settings.get(bot.meetingId)! })),
  );
  return { ...page, data: views };
}

/**
 * PATCH /bots/{id}: merges the bot's metadata (its only editable field) while the bot is not final.
 * A pin before 2026-10-12 sends `olderMetadata` instead: a JSON object that replaces the stored one.
 */
export async function updateBotMetadata(
  ctx: RequestCtx,
  id: string,
  metadata: unknown,
  olderMetadata?: unknown,
): Promise<BotView> {
  const { bot, meeting, access, settings } = await loadBot(ctx, id);
  if (access.role === 'guest') throw unauthorized();
  if (!isEditable(bot.status))
    throw new ApiError(409, 'bot_not_editable', `The bot is ${bot.status}; its metadata can no longer change.`);
  // Spec: keys pinned before 2026-10-12 replace the metadata object instead of merging.
  bot.metadata =
    olderMetadata !== undefined ? olderBotMetadata(olderMetadata) : mergeMetadata(flatMetadata(bot.metadata), metadata);
  await ctx.em.flush();
  const [view] = await forVersion(ctx, [{ bot, meeting, settings }]);
  return view!;
}

/** POST /bots/{id}/cancel (and DELETE /bots/{id}): the command cancelling the bot's workflow; answers the bot as the workflow leaves it. */
export async function cancelBot(ctx: RequestCtx, id: string): Promise<BotView> {
  const { bot, access } = await loadBot(ctx, id);
  if (access.role === 'guest') throw unauthorized();
  if (!isCancellable(bot.status))
    throw new ApiError(
      409,
      'bot_not_cancellable',
      `The bot is ${bot.status}; only a bot that has not finished can be cancelled.`,
    );
  botCommands.cancel(ctx.em, bot);
  await ctx.em.flush();
  // The workflow owns the transition (the dispatcher signals it after commit); wait briefly so the answer shows it.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const fresh = await ctx.deps.orm.em.fork().findOneOrFail(Bot, { id: bot.id });
    if (
      fresh.status === 'cancelled' ||
      Date.now() > deadline ||
      (fresh.status !== bot.status && !isCancellable(fresh.status))
    ) {
      const em = ctx.deps.orm.em.fork();
      const { meeting } = await meetingWithBots(em, fresh.meetingId);
      const [view] = await forVersion({ ...ctx, em }, [
        { bot: fresh, meeting, settings: await settingsForMeeting(em, meeting) },
      ]);
      return view!;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
