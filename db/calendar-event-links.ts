import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * calendar_event_links: which meeting each provider event of a connection became, and the full
 * listing that last saw it (a full listing reports no deletions, so what it did not see vanished).
 */

/** The meeting a connection's provider event became, or null when the connection never saw it. */
export async function linkedMeetingId(
  em: EntityManager,
  connectionId: string,
  providerEventId: string,
): Promise<string | null> {
  const [link] = await em.execute<{ meeting_id: string }[]>(
    'select meeting_id from calendar_event_links where connection_id = ? and provider_event_id = ?',
    [connectionId, providerEventId],
  );
  return link?.meeting_id ?? null;
}

/**
 * Remembers (or moves) the meetings of provider events of a connection, in one statement; a full
 * listing marks them seen, an incremental sync keeps the mark.
 */
export async function linkProviderEvents(
  em: EntityManager,
  connectionId: string,
  links: { providerEventId: string; meetingId: string }[],
  listing: string | null,
): Promise<void> {
  if (links.length === 0) return;
  // One row per provider event (a later one wins, as one upsert after another would have it).
  const byEvent = new Map(links.map((l) => [l.providerEventId, l.meetingId]));
  await em.execute(
    `insert into calendar_event_links (connection_id, provider_event_id, meeting_id, listing)
     select ?, e, m, ?::text from unnest(array[?]::text[], array[?]::text[]) as k(e, m)
     on conflict (connection_id, provider_event_id) do update set meeting_id = excluded.meeting_id, listing = coalesce(excluded.listing, calendar_event_links.listing)`,
    [connectionId, listing, [...byEvent.keys()], [...byEvent.values()]],
  );
}

/** The provider event is gone from this connection's calendar. */
export async function forgetProviderEvent(
  em: EntityManager,
  connectionId: string,
  providerEventId: string,
): Promise<void> {
  await em.execute('delete from calendar_event_links where connection_id = ? and provider_event_id = ?', [
    connectionId,
    providerEventId,
  ]);
}

/** How many connected (not disconnected) calendars still hold the meeting. */
export async function connectedCalendarsHolding(em: EntityManager, meetingId: string): Promise<number> {
  const [held] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from calendar_event_links l join calendar_connections k on k.id = l.connection_id
      where l.meeting_id = ? and k.status <> 'disconnected'`,
    [meetingId],
  );
  return held!.n;
}

/**
 * Upcoming, not cancelled meetings this connection found (from its calendar) that the full listing
 * `listing` did not see again and no other connected calendar holds.
 */
export async function vanishedMeetingIds(em: EntityManager, connectionId: string, listing: string): Promise<string[]> {
  const gone = await em.execute<{ meeting_id: string }[]>(
    `select l.meeting_id from calendar_event_links l join meetings m on m.id = l.meeting_id
      where l.connection_id = ? and (l.listing is null or l.listing <> ?) and m.cancelled_at is null and m.starts_at > now()
        and m.source = 'calendar_connection'
        and not exists (select 1 from calendar_event_links o join calendar_connections k on k.id = o.connection_id
                         where o.meeting_id = l.meeting_id and o.connection_id <> l.connection_id and k.status <> 'disconnected')`,
    [connectionId, listing],
  );
  return gone.map((r) => r.meeting_id);
}
