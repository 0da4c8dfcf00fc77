import { NotFoundError } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { executeBound, executeTogether } from './bulk';
import { Bot, Meeting, MeetingResult } from './entities';
import { LIVE_MEMBERS_BY_EMAIL, lowerEmails } from './members';
import { fieldsOf, readOnlyEntity, selectColumns } from './read-only';
import { MEETING_SETTINGS_INPUTS_SQL, settingsInputsOf, type MeetingSettingsInputs } from './settings';
import { Where } from './where';
import type { LiveBotCursor } from '../domain/meetings/state';

/** The phase rule of domain/meetings/state.ts as SQL, for filtering lists in the database. */
export const PHASE_SQL = `case
  when m.cancelled_at is not null then 'cancelled'
  when exists (select 1 from bots b where b.meeting_id = m.id and b.status = 'in_call') then 'live'
  when exists (select 1 from bots b where b.meeting_id = m.id and b.recording_started_at is not null and b.status not in ('queued', 'joining', 'in_call'))
    or (m.ends_at is not null and m.ends_at <= now())
    or (m.source = 'bot' and exists (select 1 from bots b where b.meeting_id = m.id)
        and not exists (select 1 from bots b where b.meeting_id = m.id and b.status not in ('completed', 'failed', 'cancelled'))) then 'past'
  else 'upcoming' end`;

/** A meeting with its bots, oldest first (the order of `recordings[]`); to change them, `lockedMeetingWithBots`. */
export async function meetingWithBots(
  em: EntityManager,
  meetingId: string,
): Promise<{ meeting: Meeting; bots: Bot[] }> {
  const meeting = await em.findOneOrFail(Meeting, { id: meetingId });
  const bots = await em.find(Bot, { meetingId }, { orderBy: { id: 'asc' } });
  return { meeting, bots };
}

/**
 * A bot and its meeting, read only (one statement): what an activity needs to act for the bot
 * (never changed or flushed; a change goes through the meeting's lock). Null when the bot is gone.
 */
export async function botAndMeeting(em: EntityManager, botId: string): Promise<{ bot: Bot; meeting: Meeting } | null> {
  const [row] = await executeBound<{ bot: Record<string, unknown>; meeting: Record<string, unknown> }>(
    em,
    'select row_to_json(b) as bot, row_to_json(m) as meeting from bots b join meetings m on m.id = b.meeting_id where b.id = ?',
    [botId],
    { prepared: true }, // two json columns, whatever the tables' columns
  );
  return row
    ? { bot: readOnlyEntity(em, Bot, row.bot, 'json'), meeting: readOnlyEntity(em, Meeting, row.meeting, 'json') }
    : null;
}

/**
 * botAndMeeting with, in the same statement, what the meeting's settings are resolved from
 * (settingsForMeeting takes `settings`) and, when `results`, the meeting's results row (null before
 * its first part is stored). Read only, like botAndMeeting.
 */
export async function botMeetingAndSettings(
  em: EntityManager,
  botId: string,
  opts: { results?: boolean } = {},
): Promise<{ bot: Bot; meeting: Meeting; settings: MeetingSettingsInputs; results: MeetingResult | null } | null> {
  const [row] = await executeBound<
    {
      bot: Record<string, unknown>;
      meeting: Record<string, unknown>;
      results?: Record<string, unknown> | null;
    } & Record<string, unknown>
  >(
    em,
    `select row_to_json(b) as bot, row_to_json(m) as meeting, ${MEETING_SETTINGS_INPUTS_SQL}${
      opts.results ? ', (select row_to_json(r) from meeting_results r where r.meeting_id = m.id) as results' : ''
    }
     from bots b join meetings m on m.id = b.meeting_id where b.id = ?`,
    [botId],
    { prepared: true }, // json columns and named ones, whatever the tables' columns
  );
  if (!row) return null;
  return {
    bot: readOnlyEntity(em, Bot, row.bot, 'json'),
    meeting: readOnlyEntity(em, Meeting, row.meeting, 'json'),
    settings: settingsInputsOf(row),
    results: row.results ? readOnlyEntity(em, MeetingResult, row.results, 'json') : null,
  };
}

/** The id of the meeting of the bot bound to its `?`. */
const MEETING_OF_BOT = '(select meeting_id from bots where id = ?)';

/**
 * Asks a bot's results step to stop after the part in flight (sets `stop_requested_at` once), under
 * its meeting's lock, as each part's write reads it: a part's change sees the stop whole or not at all.
 */
export async function requestBotStop(em: EntityManager, botId: string): Promise<void> {
  await em.transactional(async (tem) => {
    await tem.execute(`select 1 from meetings where id = ${MEETING_OF_BOT} for update`, [botId]);
    await tem.nativeUpdate(Bot, { id: botId, stopRequestedAt: null }, { stopRequestedAt: new Date() });
  });
}

/** Which meeting a change is about: its id, or one of its bots' (the lock then finds the meeting itself). */
export type MeetingTarget = string | { botId: string };

/**
 * The meeting of `target`, locked for the caller's transaction, with its bots, oldest first, managed
 * (the caller's flush writes what it changes), which of `dedupeKeys` an event was already recorded
 * under (a retried activity records none again), what its settings are resolved from
 * (settingsForMeeting takes `settings`) and, when `results`, its results row, managed (null when it
 * has none yet). Two statements sent together (one round trip): the lock, then the rest, read after
 * the lock so it sees what the lock's previous holder committed.
 */
export async function lockedMeetingWithBots(
  em: EntityManager,
  target: MeetingTarget,
  dedupeKeys: string[] = [],
  opts: { results?: boolean } = {},
): Promise<{
  meeting: Meeting;
  bots: Bot[];
  recorded: Set<string>;
  settings: MeetingSettingsInputs;
  results: MeetingResult | null;
}> {
  // As em.findOne and em.find would (flush mode AUTO): what the caller changed in meetings or bots and
  // has not flushed is written first, so the rows read below hold it and em.map keeps it.
  await em.tryFlush(Meeting, {});
  await em.tryFlush(Bot, {});
  // The meeting's id, or its bot's meeting's: bound to one `?` in both statements.
  const [meetingOf, targetId] = typeof target === 'string' ? ['?', target] : [MEETING_OF_BOT, target.botId];
  // Sent together (one round trip): the server runs the read once the lock is taken, so it sees what
  // the lock's previous holder committed.
  const [locked, rows] = (await executeTogether(em, [
    {
      sql: `select ${selectColumns(em, Meeting, 'm')} from meetings m where m.id = ${meetingOf} for update`,
      params: [targetId],
      prepared: true,
    },
    {
      // One row at least (the keys, settings inputs and results on it), one per bot: bot columns are
      // null when the meeting has none; no row when there is no meeting.
      sql: `select ${selectColumns(em, Bot, 'b')}, k.*
     from (select m.id as locked_meeting_id,
             array(select dedupe_key from webhook_events where dedupe_key = any(?)) as recorded_keys,
             ${MEETING_SETTINGS_INPUTS_SQL}${
               opts.results
                 ? ', (select row_to_json(r) from meeting_results r where r.meeting_id = m.id) as results'
                 : ''
             }
           from meetings m where m.id = ${meetingOf}) k
     left join bots b on b.meeting_id = k.locked_meeting_id
     order by b.id`,
      params: [dedupeKeys, targetId],
      prepared: true,
    },
  ])) as [
    Record<string, unknown>[],
    (Record<string, unknown> & { recorded_keys: string[]; results?: Record<string, unknown> | null })[],
  ];
  const row = locked[0];
  if (!row || rows.length === 0)
    throw new NotFoundError(
      typeof target === 'string' ? `Meeting not found (${target})` : `Bot not found (${target.botId})`,
    );
  const meeting = em.map(Meeting, row);
  const first = rows[0]!;
  const recorded = new Set(first.recorded_keys);
  const bots = rows.filter((r) => r.id !== null).map((r) => em.map(Bot, ownColumns(em, Bot, r)));
  const results = first.results ? em.map(MeetingResult, ownColumns(em, MeetingResult, first.results)) : null;
  return { meeting, bots, recorded, settings: settingsInputsOf(first), results };
}

/**
 * A row's columns of `entity` only, as em.map takes them: a joined row's bot columns, or a row read
 * as JSON (row_to_json) as the driver would hand its columns over.
 */
function ownColumns(
  em: EntityManager,
  entity: new () => object,
  row: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fieldsOf(em, entity)) out[field] = row[field];
  return out;
}

/**
 * The workspace's meeting of one calendar occurrence (iCalendar UID and occurrence key), or null,
 * read only, to decide whether a push creates or changes it (a change reads it again, locked); and,
 * in the same statement, the workspace's live members among `emails` (any case) as
 * memberIdsByEmail gives them. Called once the occurrence is locked, so both see what the lock's
 * previous holder committed (a member it made from member_data among them).
 */
export async function occurrenceWithPeople(
  em: EntityManager,
  workspaceId: string,
  icalUid: string,
  occurrenceKey: string,
  emails: string[],
): Promise<{ meeting: Meeting | null; membersByEmail: Map<string, string> }> {
  // One row whatever is found: the people's members on it, the meeting's columns null without one.
  const [row] = await executeBound<Record<string, unknown> & { people: [string, string][] }>(
    em,
    `select ${selectColumns(em, Meeting, 'm')}, p.people
     from (select coalesce(json_agg(json_build_array(lower(mem.email), mem.id)), '[]') as people
           from ${LIVE_MEMBERS_BY_EMAIL}) p
     left join meetings m on m.workspace_id = ? and m.ical_uid = ? and m.occurrence_key = ?`,
    [workspaceId, lowerEmails(emails), workspaceId, icalUid, occurrenceKey],
    { prepared: true },
  );
  const { people, ...meeting } = row!;
  return {
    meeting: meeting.id === null ? null : readOnlyEntity(em, Meeting, meeting),
    membersByEmail: new Map(people),
  };
}

export type MeetingFilters = {
  workspaceId: string;
  memberId?: string;
  startsAfter?: Date;
  startsBefore?: Date;
  /** A phase (PHASE_SQL); without it, every meeting not cancelled. */
  phase?: 'upcoming' | 'live' | 'past' | 'cancelled';
};

/** Where a list of a workspace's meetings after `afterId` looks (keyset paging). */
function meetingListWhere(filters: MeetingFilters, afterId: string | null): Where {
  const where = new Where().add('m.workspace_id = ?', filters.workspaceId).add('m.id > ?', afterId ?? '');
  if (filters.memberId) where.add('m.member_id = ?', filters.memberId);
  if (filters.startsAfter) where.add('m.starts_at >= ?', filters.startsAfter);
  if (filters.startsBefore) where.add('m.starts_at < ?', filters.startsBefore);
  if (filters.phase === 'cancelled') where.add('m.cancelled_at is not null');
  else if (filters.phase) where.add(`(${PHASE_SQL}) = ?`, filters.phase);
  else where.add('m.cancelled_at is null');
  return where;
}

/** The bots of meeting `m`, oldest first, as one JSON column (`page_bots`) of its row. */
export const MEETING_BOTS_SQL = `coalesce((select json_agg(b order by b.id) from bots b where b.meeting_id = m.id), '[]') as page_bots`;

/**
 * A page of a workspace's meetings (after `afterId`, in id order, at most `limit`: keyset paging) with
 * their bots, oldest first, in one statement (each statement costs a round trip and a wake-up of
 * PostgreSQL: see README › Benchmarks), read only to be shown (db/read-only), each with its member's
 * email when `memberEmails` (settings categories need it).
 */
export async function meetingsToShow(
  em: EntityManager,
  filters: MeetingFilters,
  afterId: string | null,
  limit: number,
  opts: { memberEmails: boolean },
): Promise<{ meeting: Meeting; bots: Bot[]; memberEmail: string | null }[]> {
  const where = meetingListWhere(filters, afterId);
  const rows = await em.execute<
    (Record<string, unknown> & { page_bots: Record<string, unknown>[]; member_email?: string | null })[]
  >(
    opts.memberEmails
      ? `select m.*, mem.email as member_email, ${MEETING_BOTS_SQL} from meetings m left join members mem on mem.id = m.member_id
         where ${where} order by m.id limit ?`
      : `select m.*, ${MEETING_BOTS_SQL} from meetings m where ${where} order by m.id limit ?`,
    [...where.params, limit],
  );
  return rows.map((row) => ({
    meeting: readOnlyEntity(em, Meeting, row),
    bots: row.page_bots.map((b) => readOnlyEntity(em, Bot, b, 'json')),
    memberEmail: row.member_email ?? null,
  }));
}

/**
 * Serialises the writers of one calendar occurrence (workspace, iCalendar UID, occurrence) until the
 * transaction ends, so two pushes or syncs of a new occurrence create one meeting.
 */
export async function lockOccurrence(
  em: EntityManager,
  workspaceId: string,
  icalUid: string,
  occurrenceKey: string,
): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [
    `occurrence:${workspaceId}:${icalUid}:${occurrenceKey}`,
  ]);
}

/** lockOccurrence for several occurrences in one statement (in a stable order, so two writers wait rather than deadlock). */
export async function lockOccurrences(
  em: EntityManager,
  workspaceId: string,
  occurrences: { icalUid: string; occurrenceKey: string }[],
): Promise<void> {
  const keys = [...new Set(occurrences.map((o) => `occurrence:${workspaceId}:${o.icalUid}:${o.occurrenceKey}`))].sort();
  if (keys.length === 0) return;
  await em.execute('select count(pg_advisory_xact_lock(hashtext(k))) from unnest(array[?]::text[]) as k', [keys]);
}

/** Which of these occurrences already have their meeting in the workspace, as `icalUid\noccurrenceKey` keys. */
export async function existingOccurrences(
  em: EntityManager,
  workspaceId: string,
  occurrences: { icalUid: string; occurrenceKey: string }[],
): Promise<Set<string>> {
  if (occurrences.length === 0) return new Set();
  const rows = await em.execute<{ ical_uid: string; occurrence_key: string }[]>(
    `select m.ical_uid, m.occurrence_key from meetings m
       join unnest(array[?]::text[], array[?]::text[]) as k(u, o) on m.ical_uid = k.u and m.occurrence_key = k.o
      where m.workspace_id = ?`,
    [occurrences.map((o) => o.icalUid), occurrences.map((o) => o.occurrenceKey), workspaceId],
  );
  return new Set(rows.map((r) => occurrenceKeyOf({ icalUid: r.ical_uid, occurrenceKey: r.occurrence_key })));
}

/**
 * Whether a write failed because the occurrence's meeting already exists (the unique index on
 * workspace, iCalendar UID and occurrence): a statement that fails so has written nothing.
 */
export function occurrenceTaken(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === 'meetings_occurrence';
}

/** One string per occurrence of a workspace (for sets and maps). */
export const occurrenceKeyOf = (o: { icalUid: string; occurrenceKey: string }) => `${o.icalUid}\n${o.occurrenceKey}`;

/** Ids of a workspace's upcoming meetings after `afterId` (by id), optionally only some members' ones. */
export async function upcomingMeetingIds(
  em: EntityManager,
  workspaceId: string,
  afterId: string,
  limit: number,
  memberIds: string[] | null,
): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select m.id from meetings m where m.workspace_id = ? and m.id > ? ${memberIds ? 'and m.member_id in (?)' : ''} and (${PHASE_SQL}) = 'upcoming' order by m.id limit ?`,
    memberIds ? [workspaceId, afterId, memberIds.length ? memberIds : [''], limit] : [workspaceId, afterId, limit],
  );
  return rows.map((r) => r.id);
}

/**
 * Bots still live (queued to processing) that last changed before `before`, oldest change first,
 * after `after` (on the bots_live_by_change index); each with its place (the change time as
 * PostgreSQL wrote it, to the microsecond, and the id).
 */
export async function liveBotsChangedBefore(
  em: EntityManager,
  before: Date,
  after: LiveBotCursor | null,
  limit: number,
): Promise<{ id: string; status: string; providerBotId: string | null; cursor: LiveBotCursor }[]> {
  const rows = await em.execute<{ id: string; status: string; provider_bot_id: string | null; updated_at: string }[]>(
    `select id, status, provider_bot_id, updated_at::text as updated_at from bots
      where status in ('queued', 'joining', 'in_call', 'processing') and updated_at < ?
        ${after ? 'and (updated_at, id) > (?::timestamptz, ?)' : ''}
      order by updated_at, id limit ?`,
    after ? [before, after.updatedAt, after.id, limit] : [before, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    providerBotId: r.provider_bot_id,
    cursor: { updatedAt: r.updated_at, id: r.id },
  }));
}
