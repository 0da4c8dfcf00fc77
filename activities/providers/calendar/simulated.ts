import type { Orm } from '../../../db/orm';
import {
  CalendarAccessRevoked,
  CalendarCursorExpired,
  type CalendarProvider,
  type CalendarTokens,
  type ChangesPage,
  type ProviderCalendarEvent,
} from './types';
import {
  grantSimulatedAccount,
  latestSimulatedSeq,
  putSimulatedEvent,
  revokeSimulatedAccount,
  simulatedAccountGrants,
  simulatedEventsAfter,
} from '../../../db/simulated-calendars';

const PAGE = 250;

/**
 * The embedded calendar provider: a scriptable calendar per account kept in PostgreSQL (so the API
 * and the worker see the same one), with a local consent page. `SimulatedCalendar` scripts it.
 */
export class SimulatedCalendarProvider implements CalendarProvider {
  constructor(
    private readonly orm: Orm,
    private readonly appUrl: () => string,
  ) {}

  authorizeUrl(input: { state: string; redirectUri: string; loginHint: string | null }): string {
    const q = new URLSearchParams({
      state: input.state,
      redirect_uri: input.redirectUri,
      ...(input.loginHint ? { login_hint: input.loginHint } : {}),
    });
    return `${this.appUrl()}/simulated-calendar/consent?${q}`;
  }

  async exchangeCode(input: { code: string }): Promise<{ tokens: CalendarTokens; accountEmail: string }> {
    const email = Buffer.from(input.code.replace(/^sim\./, ''), 'base64url').toString('utf8');
    if (!input.code.startsWith('sim.') || !email.includes('@'))
      throw new CalendarAccessRevoked('The consent code is not valid.');
    await grantSimulatedAccount(this.orm.em.fork(), email.toLowerCase());
    return {
      tokens: { access_token: `sim-${email.toLowerCase()}`, refresh_token: null, expires_at: null },
      accountEmail: email.toLowerCase(),
    };
  }

  async listChanges(input: {
    tokens: CalendarTokens;
    cursor: string | null;
    pageToken: string | null;
  }): Promise<ChangesPage> {
    const email = input.tokens.access_token.replace(/^sim-/, '');
    const em = this.orm.em.fork();
    if (!(await simulatedAccountGrants(em, email)))
      throw new CalendarAccessRevoked('The calendar account no longer grants access.');
    if (input.cursor === 'expired') throw new CalendarCursorExpired('The sync cursor expired.');
    const after = Number(input.pageToken ?? input.cursor ?? 0);
    // The latest sequence first, then the rows up to it: a change committed between the two
    // reads is left for the next listing instead of being skipped by the cursor.
    const upTo = await latestSimulatedSeq(em, email);
    const rows = await simulatedEventsAfter<ProviderCalendarEvent>(
      em,
      email,
      after,
      upTo,
      PAGE + 1,
      input.cursor !== null,
    );
    const page = rows.slice(0, PAGE);
    const last = page.length ? page[page.length - 1]!.seq : String(after);
    if (rows.length > PAGE) return { events: page.map((r) => r.data), nextPageToken: last, nextCursor: null };
    return { events: page.map((r) => r.data), nextPageToken: null, nextCursor: upTo };
  }
}

/** Scripts the simulated calendars: events, reschedules, cancellations, revocation. */
export class SimulatedCalendar {
  constructor(private readonly orm: Orm) {}

  async put(accountEmail: string, event: Partial<ProviderCalendarEvent> & { id: string }): Promise<void> {
    const data: ProviderCalendarEvent = {
      cancelled: false,
      icalUid: `${event.id}@simulated.calendar`,
      recurring: false,
      originalStartsAt: null,
      title: null,
      startsAt: null,
      endsAt: null,
      meetingUrl: null,
      organizer: null,
      attendees: [],
      ...event,
    };
    await putSimulatedEvent(this.orm.em.fork(), accountEmail.toLowerCase(), event.id, data);
  }

  /** Many events at once (benchmarks). */
  async putMany(accountEmail: string, events: (Partial<ProviderCalendarEvent> & { id: string })[]): Promise<void> {
    for (let i = 0; i < events.length; i += 500)
      await Promise.all(events.slice(i, i + 500).map((e) => this.put(accountEmail, e)));
  }

  async cancel(accountEmail: string, eventId: string): Promise<void> {
    await this.put(accountEmail, { id: eventId, cancelled: true });
  }

  async revoke(accountEmail: string): Promise<void> {
    await revokeSimulatedAccount(this.orm.em.fork(), accountEmail.toLowerCase());
  }
}
