import type { EntityManager } from '@mikro-orm/postgresql';
import { Bot, Meeting } from './entities';

/** The phase rule of domain/meetings/state.ts as SQL, for filtering lists in the database. */
export const PHASE_SQL = `case
  when m.cancelled_at is not null then 'cancelled'
  when exists (select 1 from bots b where b.meeting_id = m.id and b.status = 'in_call') then 'live'
  when exists (select 1 from bots b where b.meeting_id = m.id and b.recording_started_at is not null and b.status not in ('queued', 'joining', 'in_call'))
    or (m.ends_at is not null and m.ends_at <= now())
    or (m.source = 'bot' and exists (select 1 from bots b where b.meeting_id = m.id)
        and not exists (select 1 from bots b where b.meeting_id = m.id and b.status not in ('completed', 'failed', 'cancelled'))) then 'past'
  else 'upcoming' end`;

/** A meeting with its bots, oldest first (the order of `recordings[]`). */
export async function meetingWithBots(em: EntityManager, meetingId: string, opts: { lock?: boolean } = {}): Promise<{ meeting: Meeting; bots: Bot[] }> {
  const meeting = await em.findOneOrFail(Meeting, { id: meetingId }, opts.lock ? { lockMode: 4 /* PESSIMISTIC_WRITE */ } : {});
  const bots = await em.find(Bot, { meetingId }, { orderBy: { id: 'asc' } });
  return { meeting, bots };
}

/** Bots of many meetings in one query, grouped by meeting. */
export async function botsByMeeting(em: EntityManager, meetingIds: string[]): Promise<Map<string, Bot[]>> {
  const out = new Map<string, Bot[]>(meetingIds.map((id) => [id, []]));
  if (meetingIds.length === 0) return out;
  const bots = await em.find(Bot, { meetingId: { $in: meetingIds } }, { orderBy: { id: 'asc' } });
  for (const b of bots) out.get(b.meetingId)!.push(b);
  return out;
}
