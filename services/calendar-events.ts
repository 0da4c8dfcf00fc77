import type { EntityManager } from '@mikro-orm/postgresql';
import { canonicalJson } from '../domain/canonical-json';
import { newId } from '../domain/ids';
import { mergeMetadata } from '../domain/metadata';
import { emptyResults } from '../domain/meetings/state';
import { detectPlatform } from '../domain/meetings/url';
import { reconcileCalendarBot } from './calendar-bots';
import { Meeting, type Attendee, type Bot, type Person } from '../db/entities';
import { changeMeeting, meetingPayload } from './meetings';
import { recordEvent } from '../db/outbox';
import { persistOwnSettings, settingsDigest, settingsForMeeting } from '../db/settings';

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

const lower = (e: string | null | undefined) => (e ? e.toLowerCase() : null);

/**
 * Creates or updates the meeting of one occurrence, inside the caller's transaction: one meeting
 * per (workspace, iCalendar UID, occurrence), whoever's calendar it came from. `meeting.created`
 * when it first appears; `meeting.updated` when its schedule, people, link or phase change (a
 * metadata-only push emits nothing; the same push twice writes nothing). Then its calendar bot is
 * reconciled.
 */
export async function upsertCalendarEvent(em: EntityManager, workspaceId: string, e: IncomingEvent): Promise<UpsertResult> {
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`occurrence:${workspaceId}:${e.icalUid}:${e.occurrenceKey}`]);
  const emails = [e.organizer?.email, ...e.attendees.map((a) => a.email)].flatMap((x) => (x ? [x.toLowerCase()] : []));
  const memberOf = new Map<string, string>();
  if (emails.length) {
    const rows = await em.execute<{ id: string; email: string }[]>(
      'select id, lower(email) as email from members where workspace_id = ? and deleted_at is null and lower(email) in (?)',
      [workspaceId, [...new Set(emails)]],
    );
    for (const r of rows) memberOf.set(r.email, r.id);
  }
  const person = (p: { name: string | null; email: string | null }): Person => ({ name: p.name, email: p.email, member_id: memberOf.get(lower(p.email) ?? '') ?? null });
  const attendees: Attendee[] = e.attendees.map((a) => ({ ...person(a), response: a.response }));
  const organizer = e.organizer ? person(e.organizer) : null;
  const participants: Person[] = attendees.map(({ response: _r, ...p }) => p);
  if (organizer && !participants.some((p) => lower(p.email) === lower(organizer.email))) participants.unshift(organizer);
  const cancelledAt = e.cancelled ? new Date() : null;

  const existing = await em.findOne(Meeting, { workspaceId, icalUid: e.icalUid, occurrenceKey: e.occurrenceKey });
  if (!existing) {
    const now = new Date();
    const memberId = e.memberId ?? organizer?.member_id ?? null;
    const meeting = Object.assign(new Meeting(), {
      id: newId('meeting'),
      workspaceId,
      memberId,
      source: e.source,
      title: e.title,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      meetingUrl: e.meetingUrl,
      platform: detectPlatform(e.meetingUrl),
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
      cancelledAt,
      ownSettingsId: newId('settings'),
      ownAssignmentId: newId('settingsAssignment'),
      results: emptyResults(),
      createdAt: now,
      updatedAt: now,
    });
    em.persist(meeting);
    await em.flush();
    await persistOwnSettings(em, { kind: 'meeting', id: meeting.id, workspaceId, settingsId: meeting.ownSettingsId, assignmentId: meeting.ownAssignmentId });
    const settings = await settingsForMeeting(em, meeting);
    meeting.settingsDigest = settingsDigest(settings);
    // Its bot first, so meeting.created already shows the recording it will make.
    const bots: Bot[] = [];
    await reconcileCalendarBot(em, meeting.id, { meeting, settings, bots });
    recordEvent(em, { workspaceId, type: 'meeting.created', objectId: meeting.id, payload: meetingPayload(meeting, bots, settings) });
    await em.flush();
    return { meeting, created: true, changed: true };
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
      const memberIds = e.memberId && !ev.member_ids.includes(e.memberId) ? [...ev.member_ids, e.memberId] : ev.member_ids;
      changed = canonicalJson(before) !== canonicalJson(next) || canonicalJson(metadata) !== canonicalJson(ev.metadata) || memberIds !== ev.member_ids;
      if (!changed) return;
      Object.assign(m, { title: e.title, startsAt: e.startsAt, endsAt: e.endsAt, meetingUrl: e.meetingUrl, platform: detectPlatform(e.meetingUrl), organizer, participants });
      if (e.cancelled && !m.cancelledAt) m.cancelledAt = cancelledAt;
      if (!e.cancelled) m.cancelledAt = null;
      if (!m.memberId && (e.memberId ?? organizer?.member_id)) m.memberId = e.memberId ?? organizer!.member_id;
      m.calendarEvent = { ...ev, recurring: e.recurring, attendees, metadata, member_ids: memberIds, updated_at: new Date().toISOString() };
    });
    await reconcileCalendarBot(em, meeting.id);
    return { meeting, created: false, changed };
  }
}
