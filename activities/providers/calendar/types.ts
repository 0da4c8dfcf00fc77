/** Calendar providers (Google, Microsoft, the simulator) behind one interface. */

/** Whatever the provider needs to call its API for one account; sealed at rest. */
export type CalendarTokens = { access_token: string; refresh_token: string | null; expires_at: string | null };

/** One event occurrence as a provider lists it, mapped to the service's words. */
export type ProviderCalendarEvent = {
  /** The provider's id for this occurrence (stable across reschedules). */
  id: string;
  cancelled: boolean;
  /** Absent on a cancelled event a provider reports by id only. */
  icalUid: string | null;
  recurring: boolean;
  /** For an occurrence of a recurring event: its original start. */
  originalStartsAt: string | null;
  title: string | null;
  startsAt: string | null;
  endsAt: string | null;
  meetingUrl: string | null;
  organizer: { name: string | null; email: string | null } | null;
  attendees: { name: string | null; email: string; response: string | null }[];
};

export type ChangesPage = {
  events: ProviderCalendarEvent[];
  /** Another page of this listing. */
  nextPageToken: string | null;
  /** Set on the last page: where the next incremental listing starts. */
  nextCursor: string | null;
  /** Tokens refreshed while listing (to store). */
  tokens?: CalendarTokens;
};

/** The provider refuses access for good (revoked or expired grant): a new connect link is needed. */
export class CalendarAccessRevoked extends Error {
  readonly code = 'access_revoked';
}
/** The incremental cursor is no longer accepted: list everything again. */
export class CalendarCursorExpired extends Error {}

export interface CalendarProvider {
  /** Where the consent starts; the provider sends the user back to `redirectUri` with `code` and `state`. */
  authorizeUrl(input: { state: string; redirectUri: string; loginHint: string | null }): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<{ tokens: CalendarTokens; accountEmail: string }>;
  /** Events changed since `cursor` (every upcoming event when null), one page at a time. */
  listChanges(input: { tokens: CalendarTokens; cursor: string | null; pageToken: string | null }): Promise<ChangesPage>;
  /** Asks the provider to notify `address` of changes (a no-op where push is not available). */
  watch?(input: { tokens: CalendarTokens; address: string; channelId: string; token: string }): Promise<void>;
}
