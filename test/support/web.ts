import type supertest from 'supertest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** A browser's worth of HTTP: one cookie jar, requests through the app (supertest's agent). */
export type Browser = ReturnType<typeof supertest.agent>;

/** The CSRF token of the first form of a page. */
export function csrfOf(html: string): string {
  const m = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error(`no CSRF token in the page:\n${html.slice(0, 500)}`);
  return m[1]!;
}

/** What the ALTCHA widget sends: a challenge of the service, solved (as a browser would, in Node). */
export async function solvedChallenge(browser: Browser): Promise<string> {
  const res = await browser.get('/app/challenge');
  if (res.status !== 200) throw new Error(`challenge: ${res.status}`);
  const challenge = res.body;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let counter = 0;
export const newEmail = () => `web${++counter}-${Date.now()}@example.com`;
export const PASSWORD = 'correct horse battery staple';

/** Signs up through the pages (form, CSRF token, solved challenge); answers the e-mail and the key shown once. */
export async function signUpThrough(browser: Browser, email = newEmail(), password = PASSWORD) {
  const form = await browser.get('/sign_up');
  const res = await browser
    .post('/sign_up')
    .type('form')
    .send({
      _csrf: csrfOf(form.text),
      email,
      password,
      workspace_name: 'Agents test',
      next: '/settings/personal/api',
      altcha: await solvedChallenge(browser),
    });
  if (res.status !== 303) throw new Error(`sign-up answered ${res.status}:\n${res.text}`);
  const keyPage = await browser.get('/settings/personal/api');
  const key = /<code id="new-key">([^<]+)<\/code>/.exec(keyPage.text)?.[1];
  if (!key) throw new Error('the key page after sign-up shows no key');
  return { email, key };
}

/** Signs in through the form; answers the response (303 on success). */
export async function signInThrough(
  browser: Browser,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const form = await browser.get('/sign_in').set(headers);
  return browser
    .post('/sign_in')
    .set(headers)
    .type('form')
    .send({ _csrf: csrfOf(form.text), email, password, next: '/settings/personal/api' });
}

/** Loads the handoff page, passes its challenge and answers the code it shows. */
export async function handoffCodeThrough(browser: Browser): Promise<{ code: string; page: string }> {
  const form = await browser.get('/app/agent_sessions/new');
  if (form.status !== 200) throw new Error(`handoff page answered ${form.status}:\n${form.text}`);
  const workspaceId = /<option value="([^"]+)"/.exec(form.text)![1]!;
  const res = await browser
    .post('/app/agent_sessions/new')
    .type('form')
    .send({ _csrf: csrfOf(form.text), workspace_id: workspaceId, altcha: await solvedChallenge(browser) });
  const code = /<code class="code" id="handoff-code">([^<]+)<\/code>/.exec(res.text)?.[1];
  if (res.status !== 200 || !code) throw new Error(`no code (${res.status}):\n${res.text}`);
  return { code, page: res.text };
}
