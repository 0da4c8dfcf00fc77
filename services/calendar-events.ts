import type { EntityManager } from '@mikro-orm/postgresql';
import { canonicalJson } from '../domain/canonical-json';
import { newId } from '../domain/ids';
import { mergeMetadata } from '../domain/metadata';
import { newCalendarBot, reconcileCalendarBot, wantsCalendarBot } from './calendar-bots';
import { botCommands } from './commands';
import {
  Bot,
  Meeting,
  Settings,
  SettingsAssignment,
  WebhookEvent,
  WorkflowCommandRow,
  type Attendee,
  type Person,
} from '../db/entities';
import { changeMeeting, meetingPayload, newMeeting } from './meetings';
import { insertTogether } from '../db/bulk';
import { memberAndPeople, memberIdsByEmail } from '../db/members';
import {
  existingOccurrences,
  lockOccurrence,
  lockOccurrences,
  occurrenceKeyOf,
  occurrenceTaken,
  occurrenceWithPeople,
} from '../db/meetings';
import { eventRow } from '../db/outbox';
import { ownSettingsRows, settingsDigest, settingsForNewMeetings } from '../db/settings';
import { ApiError, rateLimited, unauthorized, ValidationFailed, type FieldIssue } from '../domain/errors';
import { detectPlatform, normaliseMeetingUrl } from '../domain/meetings/url';
import { workspaceFor } from './access';
import type { RequestCtx } from './context';
import { memberByEmail } from './members';

/** One occurrence as a calendar (or an integrator's push) describes it, already validated. */
export type IncomingEvent = {
  source: 'calendar_sync' | 'calendar_connection';
  icalUid: string;
  /** '' for a single event; the original start of an occurrence of a recurring one. */
  occurrenceKey: string;
  recurring: boolean | null;
  title: string | null;
  startsAt: Date;
  endsAt: Date | null;
  meetingUrl: string | null;
  organizer: { name: string | null; email: string | null } | null;
  attendees: { name: string | null; email: string; response: string | null }[];
  cancelled: boolean;
  /** Merged into the event's metadata (pushes); undefined leaves it. */
  metadata?: unknown;
  /** The member whose calendar holds it. */
  memberId: string | null;
};

export type UpsertResult = { meeting: Meeting; created: boolean; changed: boolean };

/** What a caller may already know of a workspace, for the settings of the meetings it creates. */
type KnownFacts = {
  /** The account that created the workspace. */
  accountId?: string;
  /** Emails of members, by id. */
  memberEmails?: Map<string, string | null>;
};

const lower = (e: string | null | undefined) => (e ? e.toLowerCase() : null);

/** Every address of the events' organizers and attendees (to look their members up). */
const emailsOf = (events: IncomingEvent[]) =>
  events.flatMap((e) => [e.organizer?.email, ...e.attendees.map((a) => a.email)].flatMap((x) => (x ? [x] : [])));

/** An occurrence's people as the meeting stores them, with the workspace's members found by address. */
function peopleOf(e: IncomingEvent, memberOf: Map<string, string>) {
  const person = (p: { name: string | null; email: string | null }): Person => ({
    name: p.name,
    email: p.email,
    member_id: memberOf.get(lower(p.email) ?? '') ?? null,
  });
  const attendees: Attendee[] = e.attendees.map((a) => ({ ...person(a), response: a.response }));
  const organizer = e.organizer ? person(e.organizer) : null;
  const participants: Person[] = attendees.map(({ response: _r, ...p }) => p);
  if (organizer && !participants.some((p) => lower(p.email) === lower(organizer.email)))
    participants.unshift(organizer);
  return { attendees, organizer, participants };
}

/** The new meeting (not yet written) of an occurrence seen for the first time, with its calendar event. */
function meetingOf(workspaceId: string, e: IncomingEvent, memberOf: Map<string, string>, now = new Date()): Meeting {
  const { attendees, organizer, participants } = peopleOf(e, memberOf);
  const memberId = e.memberId ?? organizer?.member_id ?? null;
  return newMeeting(
    {
      workspaceId,
      memberId,
      source: e.source,
      title: e.title,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      meetingUrl: e.meetingUrl,
      organizer,
      participants,
      icalUid: e.icalUid,
      occurrenceKey: e.occurrenceKey,
      calendarEvent: {
        id: newId('calendarEvent'),
        recurring: e.recurring,
        attendees,
        metadata: e.metadata === undefined ? {} : mergeMetadata({}, e.metadata),
        member_ids: memberId ? [memberId] : [],
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      },
      cancelledAt: e.cancelled ? now : null,
    },
    now,
  );
}

/**
 * upsertCalendarEvent for several occurrences of one workspace, in order, inside the caller's
 * transaction, with the same rows and events as calling it for each in turn: occurrences seen for
 * the first time are created together (a few multi-row statements for a whole run of them, one
 * settings resolution), the others (and a repeat of one earlier in the list) one by one in their place.
 */
export async function upsertCalendarEvents(
  em: EntityManager,
  workspaceId: string,
  events: IncomingEvent[],
  /** Forget the entities loaded for each one updated after writing it, so flushes stay small on a long page. */
  opts: { clearEach?: boolean } = {},
): Promise<UpsertResult[]> {
  await lockOccurrences(em, workspaceId, events);
  const known = await existingOccurrences(em, workspaceId, events);
  const results: UpsertResult[] = [];
  let run: IncomingEvent[] = [];
  const createRun = async () => {
    if (run.length === 0) return;
    const created = await createCalendarMeetings(em, workspaceId, run);
    for (const meeting of created) results.push({ meeting, created: true, changed: true });
    run = [];
  };
  for (const e of events) {
    const key = occurrenceKeyOf(e);
    if (!known.has(key)) {
      known.add(key);
      run.push(e);
      continue;
    }
    await createRun();
    results.push(await upsertCalendarEvent(em, workspaceId, e));
    if (opts.clearEach) em.clear();
  }
  await createRun();
  return results;
}

/**
 * The meetings of occurrences that have none yet (locked by the caller, each once), created as
 * upsertCalendarEvent creates one, rows written with multi-row inserts outside the unit of work:
 * the meetings' own settings and assignments, the meetings (with the digest of their settings),
 * their calendar bots and bot commands, then `meeting.created` of each, in order.
 */
async function createCalendarMeetings(
  em: EntityManager,
  workspaceId: string,
  events: IncomingEvent[],
  /** The workspace's members among the events' people, when the caller looked them up already. */
  members?: Map<string, string>,
  known: KnownFacts = {},
): Promise<Meeting[]> {
  const memberOf = members ?? (await memberIdsByEmail(em, workspaceId, emailsOf(events)));
  const meetings = events.map((e) => meetingOf(workspaceId, e, memberOf));
  const now = new Date();
  const own = meetings.map((m) =>
    ownSettingsRows(
      { kind: 'meeting', id: m.id, workspaceId, settingsId: m.ownSettingsId, assignmentId: m.ownAssignmentId },
      now,
    ),
  );
  const emails = known.memberEmails;
  // The meetings' own assignments are taken as they are about to be written, not read back.
  const settings = await settingsForNewMeetings(em, meetings, own, {
    ...(known.accountId ? { accounts: new Map([[workspaceId, known.accountId]]) } : {}),
    // Only when every meeting's member is among them (a meeting's member may be its organizer's).
    ...(emails && meetings.every((m) => !m.memberId || emails.has(m.memberId)) ? { emails } : {}),
  });
  const botsOf = new Map<string, Bot[]>();
  for (const meeting of meetings) {
    const block = settings.get(meeting.id)!;
    meeting.settingsDigest = settingsDigest(block);
    // Its bot first, so meeting.created already shows the recording it will make.
    botsOf.set(meeting.id, wantsCalendarBot(meeting, [], block, now) ? [newCalendarBot(meeting)] : []);
  }
  const bots = [...botsOf.values()].flat();
  // Every row of the run in one statement.
  await insertTogether(em, [
    { entity: Settings, rows: own.map((o) => o.settings) },
    { entity: SettingsAssignment, rows: own.map((o) => o.assignment) },
    { entity: Meeting, rows: meetings },
    { entity: Bot, rows: bots },
    { entity: WorkflowCommandRow, rows: bots.map((bot) => botCommands.startRow(bot)) },
    {
      entity: WebhookEvent,
      rows: meetings.map((meeting) =>
        eventRow({
          workspaceId,
          type: 'meeting.created',
          objectId: meeting.id,
          payload: meetingPayload(meeting, botsOf.get(meeting.id)!, settings.get(meeting.id)!),
        }),
      ),
    },
  ]);
  return meetings;
}

/**
 * Creates or updates the meeting of one occurrence, inside the caller's transaction: one meeting
 * per (workspace, iCalendar UID, occurrence), whoever's calendar it came from. `meeting.created`
 * when it first appears; `meeting.updated` when its schedule, people, link or phase change (a
 * metadata-only push emits nothing; the same push twice writes nothing). Then its calendar bot is
 * reconciled.
 */
export async function upsertCalendarEvent(
  em: EntityManager,
  workspaceId: string,
  e: IncomingEvent,
  opts: {
    /** Facts the caller read already, so settings resolution does not read them again. */
    known?: KnownFacts;
    /** Runs once the occurrence is locked, with its meeting (null when new): throws to refuse the change. */
    check?: (existing: Meeting | null) => void;
  } = {},
): Promise<UpsertResult> {
  await lockOccurrence(em, workspaceId, e.icalUid, e.occurrenceKey);
  const { meeting: existing, membersByEmail: memberOf } = await occurrenceWithPeople(
    em,
    workspaceId,
    e.icalUid,
    e.occurrenceKey,
    emailsOf([e]),
  );
  opts.check?.(existing);
  const { attendees, organizer, participants } = peopleOf(e, memberOf);
  const cancelledAt = e.cancelled ? new Date() : null;
  if (!existing) {
    // What the caller changed before (a member made from member_data) is written first, as before.
    await em.flush();
    const [meeting] = await createCalendarMeetings(em, workspaceId, [e], memberOf, opts.known);
    return { meeting: meeting!, created: true, changed: true };
  } else {
    let changed = false;
    const { meeting } = await changeMeeting(em, existing.id, (m) => {
      const ev = m.calendarEvent!;
      const next = {
        title: e.title,
        startsAt: e.startsAt.toISOString(),
        endsAt: e.endsAt?.toISOString() ?? null,
        meetingUrl: e.meetingUrl,
        organizer,
        participants,
        attendees,
        recurring: e.recurring,
        cancelled: e.cancelled,
      };
      const before = {
        title: m.title,
        startsAt: m.startsAt?.toISOString() ?? null,
        endsAt: m.endsAt?.toISOString() ?? null,
        meetingUrl: m.meetingUrl,
        organizer: m.organizer,
        participants: m.participants,
        attendees: ev.attendees,
        recurring: ev.recurring,
        cancelled: m.cancelledAt !== null,
      };
      const metadata = e.metadata === undefined ? ev.metadata : mergeMetadata(ev.metadata, e.metadata);
      const memberIds =
        e.memberId && !ev.member_ids.includes(e.memberId) ? [...ev.member_ids, e.memberId] : ev.member_ids;
      changed =
        canonicalJson(before) !== canonicalJson(next) ||
        canonicalJson(metadata) !== canonicalJson(ev.metadata) ||
        memberIds !== ev.member_ids;
      if (!changed) return;
      Object.assign(m, {
        title: e.title,
        startsAt: e.startsAt,
        endsAt: e.endsAt,
        meetingUrl: e.meetingUrl,
        platform: detectPlatform(e.meetingUrl),
        organizer,
        participants,
      });
      if (e.cancelled && !m.cancelledAt) m.cancelledAt = cancelledAt;
      if (!e.cancelled) m.cancelledAt = null;
      if (!m.memberId && (e.memberId ?? organizer?.member_id)) m.memberId = e.memberId ?? organizer!.member_id;
      m.calendarEvent = {
        ...ev,
        recurring: e.recurring,
        attendees,
        metadata,
        member_ids: memberIds,
        updated_at: new Date().toISOString(),
      };
    });
    await reconcileCalendarBot(em, meeting.id);
    return { meeting, created: false, changed };
  }
}

/**
 * The meeting of an occurrence seen for the first time, made without a transaction or the
 * occurrence's lock: the occurrence is read, then its rows (settings, assignment, meeting, bot and
 * its command, `meeting.created`) are written by one statement, which commits on its own, whole or
 * not at all. When a push of the same occurrence made its meeting in between, that statement fails
 * on the occurrence's unique index having written nothing. Null then, and when the occurrence has a
 * meeting already: the caller takes the locked path (upsertCalendarEvent in a transaction), which
 * reads it again and updates it. A push of a new occurrence costs three round trips fewer (BEGIN,
 * the lock, COMMIT).
 */
async function createIfNew(
  em: EntityManager,
  workspaceId: string,
  e: IncomingEvent,
  opts: { known?: KnownFacts; check?: (existing: Meeting | null) => void },
): Promise<UpsertResult | null> {
  const { meeting: existing, membersByEmail } = await occurrenceWithPeople(
    em,
    workspaceId,
    e.icalUid,
    e.occurrenceKey,
    emailsOf([e]),
  );
  if (existing) return null;
  opts.check?.(null);
  try {
    const [meeting] = await createCalendarMeetings(em, workspaceId, [e], membersByEmail, opts.known);
    return { meeting: meeting!, created: true, changed: true };
  } catch (err) {
    if (occurrenceTaken(err)) return null;
    throw err;
  }
}

/**
 * Runs a write that takes occurrence locks (a push that makes its member, a calendar's page) again
 * when a push of one of its occurrences made that meeting meanwhile: createIfNew takes no lock, so
 * the write can read an occurrence as new and then fail on its unique index, rolled back whole. The
 * next run finds the meeting and updates it. At most three runs; the third's failure is the caller's
 * (a 409 conflict for a request).
 */
export async function retryWhenOccurrenceTaken<T>(write: () => Promise<T>): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await write();
    } catch (err) {
      if (run >= 3 || !occurrenceTaken(err)) throw err;
    }
  }
}

/** POST /calendar_events as parsed (api/routes/calendar-events.ts documents each field). */
export type PushedCalendarEvent = {
  workspace_id: string;
  member_id?: string | null;
  member_data?: { name: string; email: string; metadata?: unknown };
  ical_uid: string;
  recurring?: boolean;
  original_starts_at?: string;
  title?: string | null;
  starts_at: string;
  ends_at?: string | null;
  meeting_url?: string | null;
  organizer?: { name?: string | null; email?: string | null } | null;
  attendees?: { email: string; name?: string | null; response?: string | null }[];
  cancelled?: boolean;
  metadata?: unknown;
};

/**
 * POST /calendar_events: an integrator pushes one occurrence; the meeting of a new one is made in one
 * statement (createIfNew), otherwise it is created or updated under the occurrence's lock
 * (upsertCalendarEvent), with the member from member_data created first when the workspace has none.
 */
export async function pushCalendarEvent(ctx: RequestCtx, body: PushedCalendarEvent): Promise<UpsertResult> {
  const { workspace, access } = await workspaceFor(ctx, body.workspace_id);
  if (access.role === 'guest') throw unauthorized();
  const startsAt = new Date(body.starts_at);
  const endsAt = body.ends_at ? new Date(body.ends_at) : null;
  const issues: FieldIssue[] = [];
  if (endsAt && endsAt < startsAt)
    issues.push({ code: 'invalid', field: 'ends_at', message: 'ends_at must not be before starts_at.' });
  let memberId = body.member_id ?? null;
  if (body.member_data && body.member_id)
    issues.push({ code: 'invalid', field: 'member_data', message: 'Send member_id or member_data, not both.' });
  if (body.member_data && access.role === 'member') throw unauthorized();
  if (access.role === 'member') memberId = access.memberId;
  const memberEmails = new Map<string, string | null>();
  // The event's people are matched to members once its occurrence is locked (upsertCalendarEvent).
  const { member } = await memberAndPeople(ctx.em, workspace.id, memberId, []);
  if (member) memberEmails.set(member.id, member.email);
  else if (memberId)
    issues.push({ code: 'invalid', field: 'member_id', message: 'member_id names no member of this workspace.' });
  if (issues.length) throw new ValidationFailed(issues);
  const meetingUrl = body.meeting_url ? normaliseMeetingUrl(body.meeting_url) : null;
  const recurring = body.recurring ?? false;
  const occurrenceKey = recurring ? new Date(body.original_starts_at ?? body.starts_at).toISOString() : '';
  /** Once the occurrence is locked: whether this push may change it. */
  const check = (existing: Meeting | null) => {
    // A cancellation names an occurrence pushed before: there is nothing to cancel otherwise.
    if (body.cancelled && !existing)
      throw new ApiError(
        409,
        'no_calendar_event',
        `No calendar event ${body.ical_uid}${recurring ? ` starting ${occurrenceKey}` : ''} was pushed to this workspace: there is nothing to cancel.`,
      );
    // A member-role key pushes its own member's events: not one another member already holds alone.
    if (
      access.role === 'member' &&
      existing &&
      existing.memberId !== memberId &&
      !existing.calendarEvent?.member_ids.includes(memberId!)
    )
      throw new ApiError(
        409,
        'shared_meeting',
        'This meeting is held by another member’s calendar; a member key changes only meetings of its own member’s calendar.',
      );
  };
  const limit = ctx.deps.config.rateLimits.calendarEventsPerMinute;
  // Counted before the push's transaction, in process and shared in batches (SharedCounter).
  const hit = await ctx.deps.limits.calendarEvents.hit(`calendar_events:${workspace.id}`);
  if (hit.count > limit)
    throw rateLimited(
      hit.resetInSeconds,
      'rate_limited',
      `At most ${limit} calendar events can be pushed per minute in a workspace.`,
    );
  const event: IncomingEvent = {
    source: 'calendar_sync',
    icalUid: body.ical_uid,
    occurrenceKey,
    recurring,
    title: body.title ?? null,
    startsAt,
    endsAt,
    meetingUrl,
    organizer: body.organizer ? { name: body.organizer.name ?? null, email: body.organizer.email ?? null } : null,
    attendees: (body.attendees ?? []).map((a) => ({
      email: a.email,
      name: a.name ?? null,
      response: a.response ?? null,
    })),
    cancelled: body.cancelled ?? false,
    metadata: body.metadata,
    memberId,
  };
  const opts = { check, known: { accountId: workspace.createdBy, memberEmails } };
  // A new occurrence is made in one statement; an existing one (a cancellation names one, or a member
  // to make) takes the lock.
  if (!body.member_data && !body.cancelled) {
    const created = await createIfNew(ctx.em, workspace.id, event, opts);
    if (created) return created;
  }
  return retryWhenOccurrenceTaken(() =>
    ctx.em.transactional(async (em) => {
      if (body.member_data) {
        // Members created by a pushed event count toward the hourly member limit (spec: Limits).
        const { membersPerHour } = ctx.deps.config.rateLimits;
        const data = {
          ...body.member_data,
          metadata: body.member_data.metadata === undefined ? {} : mergeMetadata({}, body.member_data.metadata),
        };
        const member = await memberByEmail(em, workspace.id, data, membersPerHour);
        if ('limited' in member)
          throw rateLimited(
            member.limited,
            'rate_limited',
            `At most ${membersPerHour} members can be created per hour in a workspace, including members created by pushed events.`,
          );
        memberId = member.id;
        memberEmails.set(member.id, member.email);
      }
      return upsertCalendarEvent(em, workspace.id, { ...event, memberId }, opts);
    }),
  );
}
