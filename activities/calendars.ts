import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/activity';
import type { EntityManager } from '@mikro-orm/postgresql';
import { reconcileCalendarBot } from '../db/calendar-bots';
import { moveConnection } from '../db/calendar-connections';
import { upsertCalendarEvent } from '../db/calendar-events';
import { CalendarConnection } from '../db/entities';
import { changeMeeting } from '../db/meetings';
import { normaliseMeetingUrl } from '../domain/meetings/url';
import { temporalBotScheduler } from '../runtime/bot-scheduler';
import type { ActivityDeps } from './index';
import { CalendarAccessRevoked, CalendarCursorExpired, type CalendarTokens, type ProviderCalendarEvent } from './providers/calendar/types';

export type SyncOutcome = { outcome: 'synced' | 'revoked' | 'gone'; events: number };

/** A link as providers write it, or null when it is no web address (dial-in text, a room name). */
function linkOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return normaliseMeetingUrl(url);
  } catch {
    return null;
  }
}

export function createCalendarActivities({ orm, log, temporal, taskQueue, providers }: ActivityDeps) {
  const scheduler = temporalBotScheduler(temporal, taskQueue);

  /** One provider event onto its meeting (created, updated or cancelled), remembering which meeting it became. */
  async function apply(em: EntityManager, c: CalendarConnection, e: ProviderCalendarEvent): Promise<void> {
    const [link] = await em.execute<{ meeting_id: string }[]>('select meeting_id from calendar_event_links where connection_id = ? and provider_event_id = ?', [c.id, e.id]);
    if (e.cancelled || !e.startsAt) {
      if (!link) return; // never seen: nothing to cancel
      await changeMeeting(em, link.meeting_id, (m) => {
        m.cancelledAt ??= new Date();
      });
      await reconcileCalendarBot(em, link.meeting_id, scheduler);
      return;
    }
    const { meeting } = await upsertCalendarEvent(
      em,
      c.workspaceId,
      {
        source: 'calendar_connection',
        icalUid: e.icalUid ?? e.id,
        occurrenceKey: e.recurring ? new Date(e.originalStartsAt ?? e.startsAt).toISOString() : '',
        recurring: e.recurring,
        title: e.title,
        startsAt: new Date(e.startsAt),
        endsAt: e.endsAt ? new Date(e.endsAt) : null,
        meetingUrl: linkOf(e.meetingUrl),
        organizer: e.organizer,
        attendees: e.attendees,
        cancelled: false,
        memberId: c.memberId,
      },
      scheduler,
    );
    await em.execute(
      `insert into calendar_event_links (connection_id, provider_event_id, meeting_id) values (?, ?, ?)
       on conflict (connection_id, provider_event_id) do update set meeting_id = excluded.meeting_id`,
      [c.id, e.id, meeting.id],
    );
  }

  return {
    /**
     * Lists what changed in the connection's calendar since its cursor (everything on a first sync)
     * and applies it, a page per transaction, heartbeating the page reached so a retry resumes
     * there. An expired cursor starts a full listing; a refused grant moves the connection to
     * `error` with calendar_connection.error. The first completed sync makes it `active`.
     */
    async syncCalendar(input: { connectionId: string }): Promise<SyncOutcome> {
      const ctx = Context.current();
      const start = await orm.em.fork().findOne(CalendarConnection, { id: input.connectionId });
      if (!start || start.status === 'disconnected' || start.status === 'error') return { outcome: 'gone', events: 0 };
      const provider = providers.calendars[start.provider];
      let tokens = providers.vault.open<CalendarTokens>(start.tokens);
      const resumed = (ctx.info.heartbeatDetails ?? null) as { cursor: string | null; pageToken: string | null } | null;
      let cursor = resumed ? resumed.cursor : start.syncCursor;
      let pageToken = resumed?.pageToken ?? null;
      let events = 0;
      for (;;) {
        ctx.heartbeat({ cursor, pageToken });
        let page;
        try {
          page = await provider.listChanges({ tokens, cursor, pageToken });
        } catch (err) {
          if (err instanceof CalendarCursorExpired) {
            log.info({ calendar_connection_id: start.id }, 'sync cursor expired: listing the whole calendar again');
            cursor = null;
            pageToken = null;
            continue;
          }
          if (err instanceof CalendarAccessRevoked) {
            await orm.em.fork().transactional(async (em) => {
              const c = await em.findOneOrFail(CalendarConnection, { id: start.id }, { lockMode: 4 });
              if (c.status === 'disconnected') return;
              moveConnection(em, c, { status: 'error', error: { code: err.code, message: err.message } }, 'calendar_connection.error');
            });
            log.warn({ calendar_connection_id: start.id }, 'calendar access revoked: the member needs a new connect link');
            return { outcome: 'revoked', events };
          }
          throw err;
        }
        const done = page.nextPageToken === null;
        const next = page;
        const stillConnected = await orm.em.fork().transactional(async (em) => {
          const locked = await em.findOneOrFail(CalendarConnection, { id: start.id }, { lockMode: 4 });
          if (locked.status === 'disconnected') return false;
          for (const e of next.events) {
            await apply(em, locked, e);
            // Each event's writes are flushed: forget them, so flushes stay small on a page of 250.
            em.clear();
          }
          const c = await em.findOneOrFail(CalendarConnection, { id: start.id });
          if (next.tokens) {
            tokens = next.tokens;
            c.tokens = providers.vault.seal(next.tokens);
          }
          if (done) {
            const status = c.status === 'syncing' ? 'active' : c.status;
            moveConnection(em, c, { status, syncCursor: next.nextCursor, lastSyncedAt: new Date() });
          }
          return true;
        });
        if (!stillConnected) return { outcome: 'gone', events };
        events += page.events.length;
        if (done) return { outcome: 'synced', events };
        pageToken = page.nextPageToken;
      }
    },

    /** 30 minutes after consent with the first sync unfinished, the connection reads active (last_synced_at stays null). */
    async markActiveUnsynced(input: { connectionId: string }): Promise<void> {
      await orm.em.fork().transactional(async (em) => {
        const c = await em.findOne(CalendarConnection, { id: input.connectionId }, { lockMode: 4 });
        if (c?.status === 'syncing' && c.lastSyncedAt === null) moveConnection(em, c, { status: 'active' });
      });
    },

    /** Asks the provider to push change notifications to the service (when it can and the service has a public address). */
    async watchCalendar(input: { connectionId: string }): Promise<void> {
      const c = await orm.em.fork().findOne(CalendarConnection, { id: input.connectionId });
      const provider = c && providers.calendars[c.provider];
      if (!c || !provider?.watch || !providers.publicApiUrl) return;
      try {
        await provider.watch({ tokens: providers.vault.open(c.tokens), address: `${providers.publicApiUrl}/provider_callbacks/calendar/${c.id}`, channelId: c.id, token: providers.vault.mac(c.id) });
      } catch (err) {
        if (err instanceof CalendarAccessRevoked) throw ApplicationFailure.nonRetryable(err.message, 'CalendarAccessRevoked');
        throw err;
      }
    },
  };
}
