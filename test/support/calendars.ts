import assert from 'node:assert/strict';
import { type SimulatedCalendar } from '../../activities/providers/calendar/simulated';
import { createVault } from '../../runtime/vault';
import type { TestApi } from './api';

export const TEST_SECRET = 'test-signing-secret-of-at-least-32-chars';

/** A day-aligned instant n days from now at the given hour (UTC), as ISO text. */
export const inDays = (n: number, hour = 10) =>
  new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + n * 86_400_000 + hour * 3_600_000).toISOString();

/** What calendar tests share: the simulated calendar, the consent round trip, notifications. */
export function calendarHelpers(api: TestApi, calendar: SimulatedCalendar) {
  const relative = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search;
  };
  return {
    calendar,

    async createLink(key: string, body: Record<string, unknown>) {
      const res = await api.as(key).post('/calendar_connect_links', {
        provider: 'google',
        return_url: 'https://app.example.com/calendars/done',
        ...body,
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body as { id: string; url: string; member_id: string | null };
    },

    /**
     * Follows the hosted consent like a browser: the link, the provider's consent page, the chosen
     * button, the callback; answers where the member ends up (the return_url with its query).
     */
    async consent(linkUrl: string, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
      const toProvider = await api.http.get(relative(linkUrl)).redirects(0);
      assert.equal(toProvider.status, 302, toProvider.text);
      const consentPage = await api.http.get(relative(toProvider.headers.location!));
      assert.equal(consentPage.status, 200);
      const href = new RegExp(`id="${decision}" href="([^"]+)"`).exec(consentPage.text)![1]!.replace(/&amp;/g, '&');
      const toCallback = await api.http.get(href).redirects(0);
      assert.equal(toCallback.status, 302);
      const back = await api.http.get(relative(toCallback.headers.location!)).redirects(0);
      assert.equal(back.status, 302, back.text);
      return new URL(back.headers.location!);
    },

    /** A provider's change notification, signed as the service asked it to be. */
    notify(connectionId: string, token = createVault(TEST_SECRET).mac(connectionId)) {
      return api.http
        .post(`/api/v1/provider_callbacks/calendar/${connectionId}`)
        .set('X-Goog-Channel-Token', token)
        .send({});
    },
  };
}
