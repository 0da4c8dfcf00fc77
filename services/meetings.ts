import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { writeTogether } from '../db/bulk';
import { Bot, Meeting, MeetingResult, WebhookEvent } from '../db/entities';
import {
  lockedMeetingWithBots,
  meetingsToShow,
  meetingWithBots,
  type MeetingFilters,
  type MeetingTarget,
} from '../db/meetings';
import { eventRow } from '../db/outbox';
import { settingsDigest, settingsForMeeting, settingsForMeetings } from '../db/settings';
import { canonicalJson } from '../domain/canonical-json';
import { ApiError, notFound, unauthorized } from '../domain/errors';
import type { BotEventType } from '../domain/events';
import { newId } from '../domain/ids';
import { mergeMetadata } from '../domain/metadata';
import {
  emptyResults,
  isUnderway,
  LIVE_BOT_STATUSES,
  recordingStatus,
  RESULTS_PARTS,
  withPart,
  type BotStatus,
} from '../domain/meetings/state';
import { before } from '../domain/versions';
import { detectPlatform } from '../domain/meetings/url';
import { decodeCursor, mapPage, pageOf, type Page } from '../domain/pagination';
import type { SettingsBlock } from '../domain/settings';
import { serializeBot } from '../representations/bot';
import { serializeMeeting } from '../representations/meeting';
import { signMediaPath, verifyMediaSignature } from '../runtime/storage';
import { accessToObject, MANAGERS, workspaceFor } from './access';
import type { RequestCtx } from './context';
import { canSeeMeeting, visibleMeetingFilter } from './meeting-access';

const MEDIA_URL_TTL_MS = 15 * 60_000;

/** A meeting as the API shows it: with its bots and, when asked for, its settings block. */
export type MeetingView = { meeting: Meeting; bots: Bot[]; settings: SettingsBlock | null; now?: Date };

/**
 * A new meeting (not yet persisted) with its own settings and assignment ids and empty results; its
 * platform follows from its link. Sent bots and calendar events both start meetings here.
 */
export function newMeeting(
  fields: Pick<Meeting, 'workspaceId' | 'memberId' | 'source' | 'title' | 'startsAt' | 'meetingUrl' | 'participants'> &
    Partial<Pick<Meeting, 'endsAt' | 'organizer' | 'icalUid' | 'occurrenceKey' | 'calendarEvent' | 'cancelledAt'>>,
  now = new Date(),
): Meeting {
  return Object.assign(new Meeting(), {
    id: newId('meeting'),
    ...fields,
    platform: detectPlatform(fields.meetingUrl),
    ownSettingsId: newId('settings'),
    ownAssignmentId: newId('settingsAssignment'),
    results: emptyResults(),
    createdAt: now,
    updatedAt: now,
  });
}

/** How the meeting reads in a webhook (as GET /meetings/{id} returns it). */
export function meetingPayload(meeting: Meeting, bots: Bot[], settings: SettingsBlock): Record<string, unknown> {
  return serializeMeeting(meeting, bots, { settings });
}

/** What a meeting.updated is about: everything but timestamps and metadata (the meeting's and its calendar event's). */
function visible(payload: Record<string, unknown>): string {
  const { updated_at: _u, metadata: _m, calendar_event: event, ...rest } = payload;
  const { updated_at: _eu, metadata: _em, ...eventRest } = (event ?? {}) as Record<string, unknown>;
  return canonicalJson({ ...rest, calendar_event: event ? eventRest : null });
}

/**
 * Runs `change` on a locked meeting and its bots inside the caller's transaction, then records
 * `meeting.updated` when anything visible changed (metadata alone emits nothing, spec Events rule 2),
 * `meeting.finished` when its results reached ready or failed, and the given `bot.*` events.
 * Settings count as changed when the resolved block differs from the one the meeting last published
 * (its digest), so a settings change not yet announced is announced with the next change.
 *
 * With `results`, `change` also gets the meeting's results row (managed; null before its first part:
 * `change` then returns the new row, which the write inserts). Four statements at most, whatever
 * changed: the lock and one read (bots, recorded events, settings, results), sent together in one
 * round trip; one write (the meeting, its bots, the results row and the events); and the flush of
 * anything else the caller persisted (none when it persisted nothing).
 */
export async function changeMeeting(
  em: EntityManager,
  target: MeetingTarget,
  change: (
    meeting: Meeting,
    bots: Bot[],
    results: MeetingResult | null,
  ) => void | MeetingResult | Promise<void | MeetingResult>,
  botEvents: { botId: string; types: BotEventType[] }[] = [],
  opts: {
    results?: boolean;
    /**
     * The caller's transaction ends with this change: its write is answered by the COMMIT after it
     * (writeTogether's `answeredByNext`), which then fails with the write's failure. The caller
     * writes nothing more in it and catches nothing of it inside the transaction.
     */
    endsTransaction?: boolean;
  } = {},
): Promise<{ meeting: Meeting; bots: Bot[] }> {
  // Every bot.* type happens once in a bot's life: an activity retried after it committed records none again.
  const keys = botEvents.flatMap(({ botId, types }) => types.map((type) => `${botId}/${type}`));
  // bot.* events of pins before 2026-10-12 carry the meeting's results as they are now.
  const read = await lockedMeetingWithBots(em, target, keys, { results: opts.results || keys.length > 0 });
  const { meeting, bots, recorded, results } = read;
  const before = serializeMeeting(meeting, bots, { settings: null });
  const made = await change(meeting, bots, results);
  // The meeting's first results row, made by `change`: inserted by the write below.
  const firstResults = !results && made instanceof MeetingResult ? made : null;
  const block = await settingsForMeeting(em, meeting, read.settings);
  const digest = settingsDigest(block);
  const after = meetingPayload(meeting, bots, block);
  const now = new Date();
  const events: WebhookEvent[] = [];
  for (const { botId, types } of botEvents) {
    const bot = bots.find((b) => b.id === botId)!;
    bot.updatedAt = now;
    for (const type of types) {
      const dedupeKey = `${botId}/${type}`;
      if (!recorded.has(dedupeKey))
        events.push(
          eventRow({
            workspaceId: meeting.workspaceId,
            type,
            objectId: bot.id,
            payload: serializeBot(bot, meeting, block, results),
            dedupeKey,
          }),
        );
    }
  }
  const { settings: _s, ...afterWithoutSettings } = after;
  if (visible(before) !== visible(afterWithoutSettings) || meeting.settingsDigest !== digest) {
    meeting.settingsDigest = digest;
    meeting.updatedAt = now;
    after.updated_at = now.toISOString();
    events.push(
      eventRow({
        workspaceId: meeting.workspaceId,
        type: 'meeting.updated',
        objectId: meeting.id,
        payload: after,
      }),
    );
    const finished = (s: string) => s === 'ready' || s === 'failed';
    if (finished(meeting.results.status) && (before.results as { status: string }).status !== meeting.results.status) {
      events.push(
        eventRow({
          workspaceId: meeting.workspaceId,
          type: 'meeting.finished',
          objectId: meeting.id,
          payload: after,
        }),
      );
    }
  }
  await writeTogether(
    em,
    [meeting, ...bots, ...(results ? [results] : [])],
    [
      { entity: WebhookEvent, rows: events },
      ...(firstResults ? [{ entity: MeetingResult, rows: [firstResults] }] : []),
    ],
    { answeredByNext: opts.endsTransaction },
  );
  // Whatever else the caller or `change` persisted (a new bot).
  await em.flush();
  return { meeting, bots };
}

/** How a bot whose workflow is gone ends: `cancelled`, or `failed` with reason bot_error and `message`. */
export type OrphanedBotEnd = { status: 'cancelled' } | { status: 'failed'; message: string };

/**
 * A bot whose workflow is no longer running (it ended without moving the row, or a signal found it
 * gone) can hear nothing: while its row still reads one of `live` it is recorded ended with its
 * bot.* event, so it blocks no later bot. A bot that was joining or in the call gets its leave time;
 * parts still being made read `none` (cancelled) or `failed`. Its own transaction; says whether
 * the bot changed. Called by the dispatcher after a signal found no workflow, and by the ended-bot
 * janitor.
 */
export async function endOrphanedBot(
  em: EntityManager,
  botId: string,
  end: OrphanedBotEnd,
  live: BotStatus[] = LIVE_BOT_STATUSES,
): Promise<boolean> {
  const notLive = new Error('the bot is no longer live');
  return em
    .fork()
    .transactional(async (tem) => {
      const bot = await tem.findOne(Bot, { id: botId });
      if (!bot || !live.includes(bot.status)) return false;
      await changeMeeting(
        tem,
        { botId },
        (meeting, bots) => {
          const b = bots.find((x) => x.id === botId)!;
          // Read again under the meeting's lock: another end (a cancel, the janitor) may have come first.
          if (!live.includes(b.status)) throw notLive;
          if ((b.status === 'joining' || b.status === 'in_call') && !b.leftAt) b.leftAt = new Date();
          b.status = end.status;
          if (end.status === 'failed') {
            b.reason = 'bot_error';
            b.failureMessage = end.message;
          }
          for (const part of RESULTS_PARTS) {
            if (meeting.results[part].status === 'processing')
              meeting.results = withPart(meeting.results, part, {
                status: end.status === 'failed' ? 'failed' : 'none',
              });
          }
        },
        [{ botId, types: [end.status === 'failed' ? 'bot.failed' : 'bot.cancelled'] }],
      );
      return true;
    })
    .catch((err: unknown) => {
      if (err === notLive) return false;
      throw err;
    });
}

/** A meeting the key may see (404 otherwise), with the key's access to its workspace. */
export async function loadMeeting(ctx: RequestCtx, id: string) {
  const meeting = await ctx.em.findOne(Meeting, { id });
  if (!meeting) throw notFound('Meeting');
  const { access } = await accessToObject(ctx, meeting.workspaceId, 'Meeting');
  if (!canSeeMeeting(access, meeting)) throw notFound('Meeting');
  return { meeting, access };
}

export type MeetingListQuery = {
  workspace_id: string;
  cursor?: string;
  limit: number;
  phase?: 'upcoming' | 'live' | 'past' | 'cancelled';
  member_id?: string;
  starts_after?: string;
  starts_before?: string;
  /** Whether each meeting carries its settings block (`include=settings`). */
  settings: boolean;
};

const EMPTY_PAGE: Page<MeetingView> = { data: [], hasMore: false, nextCursor: null };

/** GET /meetings: the meetings the key may see, oldest first; cancelled ones only when asked for by phase. */
export async function listMeetings(ctx: RequestCtx, query: MeetingListQuery): Promise<Page<MeetingView>> {
  const { workspace, access } = await workspaceFor(ctx, query.workspace_id);
  const visible = visibleMeetingFilter(access);
  if (visible === 'none') return EMPTY_PAGE;
  const after = decodeCursor<{ id: string }>(query.cursor, { id: 'string' });
  // A member role sees its own member's meetings only: asking for another member's finds none.
  if (visible && query.member_id && query.member_id !== visible.memberId) return EMPTY_PAGE;
  const filters: MeetingFilters = {
    workspaceId: workspace.id,
    memberId: visible?.memberId ?? query.member_id,
    phase: query.phase,
  };
  if (query.starts_after) filters.startsAfter = new Date(query.starts_after);
  if (query.starts_before) filters.startsBefore = new Date(query.starts_before);
  // Read only to be shown (db/read-only): the page with its bots in one statement, then its settings.
  const rows = await meetingsToShow(ctx.em, filters, after?.id ?? null, query.limit + 1, {
    memberEmails: Boolean(query.settings),
  });
  const page = pageOf(rows, query.limit, (r) => ({ id: r.meeting.id }));
  const meetings = page.data.map((r) => r.meeting);
  const settings = query.settings
    ? await settingsForMeetings(ctx.em, meetings, {
        // Every meeting of the page is of this workspace; the page's rows carry their members' emails.
        accounts: new Map([[workspace.id, workspace.createdBy]]),
        emails: new Map(page.data.flatMap((r) => (r.meeting.memberId ? [[r.meeting.memberId, r.memberEmail]] : []))),
      })
    : null;
  const now = new Date();
  return mapPage(page, ({ meeting, bots }) => ({
    meeting,
    bots,
    settings: settings?.get(meeting.id) ?? null,
    now,
  }));
}

/** GET /meetings/{id}: the meeting with its bots and settings block. */
export async function getMeeting(ctx: RequestCtx, id: string): Promise<MeetingView> {
  const { meeting } = await loadMeeting(ctx, id);
  const { bots } = await meetingWithBots(ctx.em, meeting.id);
  return { meeting, bots, settings: await settingsForMeeting(ctx.em, meeting) };
}

/**
 * PATCH /meetings/{id} (owner or admin): merges the meeting's metadata, the only field a body may
 * name. A change of metadata alone emits no meeting.updated (spec Events rule 2).
 */
export async function updateMeetingMetadata(ctx: RequestCtx, id: string, body: unknown): Promise<MeetingView> {
  const { meeting, access } = await loadMeeting(ctx, id);
  if (!MANAGERS.includes(access.role)) throw unauthorized();
  if (
    body === undefined ||
    body === null ||
    typeof body !== 'object' ||
    Array.isArray(body) ||
    Object.keys(body).length === 0
  ) {
    throw new ApiError(400, 'bad_request', 'The body must be { "metadata": … }.');
  }
  // (A field with an empty name is another field too.)
  const other = Object.keys(body).find((k) => k !== 'metadata');
  if (other !== undefined)
    throw new ApiError(
      400,
      'bad_request',
      `Only metadata can be changed on a meeting; ${other === '' ? 'a field with an empty name' : other} is not allowed.`,
      other,
    );
  meeting.metadata = mergeMetadata(meeting.metadata, (body as { metadata: unknown }).metadata);
  meeting.updatedAt = new Date();
  await ctx.em.flush();
  const { bots } = await meetingWithBots(ctx.em, meeting.id);
  return { meeting, bots, settings: await settingsForMeeting(ctx.em, meeting) };
}

/** GET /meetings/{id}/results: the meeting, its results row, and its media as short-lived signed URLs (read fresh each time). */
export async function getMeetingResults(ctx: RequestCtx, id: string) {
  const { meeting } = await loadMeeting(ctx, id);
  const row = await ctx.em.findOne(MeetingResult, { meetingId: meeting.id });
  // Pins before 2026-10-10 read `pending` for a part that will come: is a recording queued or under way?
  const recordingUnderway = before(ctx.version, '2026-10-10')
    ? (await meetingWithBots(ctx.em, meeting.id)).bots.some((b) => isUnderway(recordingStatus(b)))
    : undefined;
  const expiresAt = new Date(Date.now() + MEDIA_URL_TTL_MS);
  const signed = (key: string | null | undefined) =>
    key ? `${ctx.deps.baseUrl()}/media/${signMediaPath(ctx.deps.config.signingSecret!, key, expiresAt)}` : null;
  return {
    meeting,
    row,
    media: { audioUrl: signed(row?.media?.audio_key), videoUrl: signed(row?.media?.video_key), expiresAt },
    recordingUnderway,
  };
}

/** GET /media/{meeting_id}/{file}: the recorded bytes behind a signed URL that is still valid. */
export async function getMedia(
  ctx: RequestCtx,
  key: string,
  signed: { expires: string; signature: string },
): Promise<{ stream: Readable; size: number }> {
  const check = verifyMediaSignature(ctx.deps.config.signingSecret!, key, signed.expires, signed.signature);
  if (check !== 'ok')
    throw new ApiError(
      401,
      'unauthorized',
      check === 'expired'
        ? 'This media link has expired: read the results again for a fresh one.'
        : 'This media link is not valid.',
    );
  const media = await ctx.deps.storage.open(key);
  if (!media) throw notFound('Media');
  return media;
}
