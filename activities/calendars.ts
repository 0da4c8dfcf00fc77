import { LockMode } from '@mikro-orm/core';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/activity';
import type { EntityManager } from '@mikro-orm/postgresql';
import { reconcileCalendarBot } from '../services/calendar-bots';
import { moveConnection } from '../services/calendars';
import { retryWhenOccurrenceTaken, upsertCalendarEvents, type IncomingEvent } from '../services/calendar-events';
import { CalendarConnection, Meeting } from '../db/entities';
import {
  connectedCalendarsHolding,
  forgetProviderEvent,
  linkedMeetingId,
  linkProviderEvents,
  vanishedMeetingIds,
} from '../db/calendar-event-links';
import { changeMeeting } from '../services/meetings';
import { normaliseMeetingUrl } from '../domain/meetings/url';
import type { ActivityDeps } from './index';
import {
  CalendarAccessRevoked,
  CalendarCursorExpired,
  type CalendarTokens,
  type ProviderCalendarEvent,
} from './providers/calendar/types';

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

export function createCalendarActivities({ orm, log, providers }: ActivityDeps) {
  /** A provider event (not cancelled, with a start) as the occurrence it describes. */
  const incomingOf = (c: CalendarConnection, e: ProviderCalendarEvent): IncomingEvent => ({
    source: 'calendar_connection',
    icalUid: e.icalUid ?? e.id,
    occurrenceKey: e.recurring ? new Date(e.originalStartsAt ?? e.startsAt!).toISOString() : '',
    recurring: e.recurring,
    title: e.title,
    startsAt: new Date(e.startsAt!),
    endsAt: e.endsAt ? new Date(e.endsAt) : null,
    meetingUrl: linkOf(e.meetingUrl),
    organizer: e.organizer,
    attendees: e.attendees,
    cancelled: false,
    memberId: c.memberId,
  });

  /**
   * A provider event gone from this calendar (cancelled, or without a start) off its meeting. The
   * meeting is cancelled when no other connected calendar holds it (an attendee removing it from
   * their own calendar cancels nothing for the others) and it was not pushed by the integrator.
   */
  async function forget(em: EntityManager, c: CalendarConnection, e: ProviderCalendarEvent): Promise<void> {
    const linked = await linkedMeetingId(em, c.id, e.id);
    if (!linked) return; // never seen: nothing to cancel
    await forgetProviderEvent(em, c.id, e.id);
    const held = await connectedCalendarsHolding(em, linked);
    const meeting = await em.findOneOrFail(Meeting, { id: linked });
    if (held > 0 || meeting.source !== 'calendar_connection') return;
    await changeMeeting(em, linked, (m) => {
      m.cancelledAt ??= new Date();
    });
    await reconcileCalendarBot(em, linked);
  }

  /**
   * A page of provider events onto their meetings (created, updated or cancelled), in order,
   * remembering which meeting each became and, during a full listing, that this listing saw it.
   * Consecutive events that are not cancellations are upserted together (upsertCalendarEvents).
   */
  async function applyPage(
    em: EntityManager,
    c: CalendarConnection,
    events: ProviderCalendarEvent[],
    listing: string | null,
  ): Promise<void> {
    let run: ProviderCalendarEvent[] = [];
    const upsertRun = async () => {
      if (run.length === 0) return;
      const results = await upsertCalendarEvents(
        em,
        c.workspaceId,
        run.map((e) => incomingOf(c, e)),
        { clearEach: true },
      );
      await linkProviderEvents(
        em,
        c.id,
        run.map((e, i) => ({ providerEventId: e.id, meetingId: results[i]!.meeting.id })),
        listing,
      );
      // Forget what the run loaded, so flushes stay small.
      em.clear();
      run = [];
    };
    for (const e of events) {
      if (!e.cancelled && e.startsAt) {
        run.push(e);
        continue;
      }
      await upsertRun();
      await forget(em, c, e);
      em.clear();
    }
    await upsertRun();
  }

  /**
   * After a full listing: upcoming meetings this connection found before that the listing no longer
   * has were deleted in between (a full listing reports no deletions), so they are cancelled, unless
   * another calendar still holds them.
   */
  async function cancelVanished(em: EntityManager, c: CalendarConnection, listing: string): Promise<number> {
    const gone = await vanishedMeetingIds(em, c.id, listing);
    for (const meetingId of gone) {
      await changeMeeting(em, meetingId, (m) => {
        m.cancelledAt ??= new Date();
      });
      await reconcileCalendarBot(em, meetingId);
    }
    return gone.length;
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
      // The workflow is started (or woken by a reconnect) by the outbox after the consent committed.
      const start = await orm.em.fork().findOne(CalendarConnection, { id: input.connectionId });
      if (!start || start.status === 'disconnected' || start.status === 'error') return { outcome: 'gone', events: 0 };
      const provider = providers.calendars[start.provider];
      let tokens = providers.vault.open<CalendarTokens>(start.tokens);
      const resumed = (ctx.info.heartbeatDetails ?? null) as {
        cursor: string | null;
        pageToken: string | null;
        listing: string | null;
      } | null;
      let cursor = resumed ? resumed.cursor : start.syncCursor;
      let pageToken = resumed?.pageToken ?? null;
      // A full listing (first sync, or after an expired cursor) has an id its links are marked with.
      const newListing = () => `${start.id}:${Date.now()}`;
      let listing = resumed ? resumed.listing : cursor === null ? newListing() : null;
      let events = 0;
      for (;;) {
        ctx.heartbeat({ cursor, pageToken, listing });
        let page;
        try {
          page = await provider.listChanges({ tokens, cursor, pageToken });
        } catch (err) {
          if (err instanceof CalendarCursorExpired) {
            log.info({ calendar_connection_id: start.id }, 'sync cursor expired: listing the whole calendar again');
            cursor = null;
            pageToken = null;
            listing = newListing();
            continue;
          }
          if (err instanceof CalendarAccessRevoked) {
            await orm.em.fork().transactional(async (em) => {
              const c = await em.findOneOrFail(
                CalendarConnection,
                { id: start.id },
                { lockMode: LockMode.PESSIMISTIC_WRITE },
              );
              if (c.status === 'disconnected') return;
              moveConnection(
                em,
                c,
                { status: 'error', error: { code: err.code, message: err.message } },
                'calendar_connection.error',
              );
            });
            log.warn(
              { calendar_connection_id: start.id },
              'calendar access revoked: the member needs a new connect link',
            );
            return { outcome: 'revoked', events };
          }
          throw err;
        }
        // Its workflow is gone (terminated: the heartbeat found no activity to record) or the worker stops:
        // no page is written by a sync nobody waits for, while a new run of the workflow may sync the same calendar.
        ctx.cancellationSignal.throwIfAborted();
        const done = page.nextPageToken === null;
        const next = page;
        // A push of one of the page's occurrences may make its meeting meanwhile: the page runs again.
        const stillConnected = await retryWhenOccurrenceTaken(() =>
          orm.em.fork().transactional(async (em) => {
            const locked = await em.findOneOrFail(
              CalendarConnection,
              { id: start.id },
              { lockMode: LockMode.PESSIMISTIC_WRITE },
            );
            if (locked.status === 'disconnected') return false;
            await applyPage(em, locked, next.events, listing);
            const c = await em.findOneOrFail(CalendarConnection, { id: start.id });
            if (next.tokens) {
              tokens = next.tokens;
              c.tokens = providers.vault.seal(next.tokens);
            }
            if (done && listing && c.lastSyncedAt) {
              const cancelled = await cancelVanished(em, c, listing);
              if (cancelled)
                log.info(
                  { calendar_connection_id: c.id, meetings: cancelled },
                  'meetings whose events vanished during a full listing were cancelled',
                );
            }
            if (done) {
              const status = c.status === 'syncing' ? 'active' : c.status;
              moveConnection(em, c, { status, syncCursor: next.nextCursor, lastSyncedAt: new Date() });
            }
            return true;
          }),
        );
        if (!stillConnected) return { outcome: 'gone', events };
        events += page.events.length;
        if (done) return { outcome: 'synced', events };
        pageToken = page.nextPageToken;
      }
    },

    /** 30 minutes after consent with the first sync unfinished, the connection reads active (last_synced_at stays null). */
    async markActiveUnsynced(input: { connectionId: string }): Promise<void> {
      await orm.em.fork().transactional(async (em) => {
        const c = await em.findOne(
          CalendarConnection,
          { id: input.connectionId },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        if (c?.status === 'syncing' && c.lastSyncedAt === null) moveConnection(em, c, { status: 'active' });
      });
    },

    /** Asks the provider to push change notifications to the service (when it can and the service has a public address). */
    async watchCalendar(input: { connectionId: string }): Promise<void> {
      const c = await orm.em.fork().findOne(CalendarConnection, { id: input.connectionId });
      const provider = c && providers.calendars[c.provider];
      if (!c || !provider?.watch || !providers.publicApiUrl) return;
      try {
        await provider.watch({
          tokens: providers.vault.open(c.tokens),
          address: `${providers.publicApiUrl}/provider_callbacks/calendar/${c.id}`,
          channelId: c.id,
          token: providers.vault.mac(c.id),
        });
      } catch (err) {
        if (err instanceof CalendarAccessRevoked)
          throw ApplicationFailure.nonRetryable(err.message, 'CalendarAccessRevoked');
        throw err;
      }
    },
  };
}
