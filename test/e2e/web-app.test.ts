import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApi, type ApiServer } from '../../api/server';
import { loadConfig } from '../../runtime/config';
import { LocalStorage } from '../../runtime/storage';
import { freshDatabase, silentLog } from '../support/db';
import { testEnv } from '../support/env';
import { launchChromium, screenshot } from '../support/browser';
import { until } from '../support/until';

/**
 * The web application in a real browser (headless Chromium from Debian, playwright-core): sign-up
 * with the proof-of-work solved by the ALTCHA widget, sign-out and sign-in, regenerating the key,
 * the agent handoff from the page to POST /agent_sessions and GET /workspaces, an expired code, and
 * the calendar consent pages. Each page is kept as a screenshot (see test/support/browser.ts).
 */

let db: Awaited<ReturnType<typeof freshDatabase>>;
let server: ApiServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let offsetMs = 0;
const problems: string[] = [];

const PASSWORD = 'a long and careful password';
const email = `browser-${Date.now()}@example.com`;

beforeAll(async () => {
  db = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SIGNING_SECRET: 'browser-test-signing-secret-of-32-chars',
    // A light challenge: the widget still solves it in the page's workers, in well under a second.
    CHALLENGE_COST: '50',
    CHALLENGE_COUNTER_MAX: '200',
  });
  server = await startApi(
    {
      orm: db.orm,
      config,
      log: silentLog,
      temporal: null,
      storage: new LocalStorage(path.join(testEnv().tmp, `media-web-${process.pid}`)),
      clock: () => new Date(Date.now() + offsetMs),
    },
    { host: '127.0.0.1', port: 0 },
  );
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(30_000);
  page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  // A page's own status (the 401 of a wrong password) is the test's business; a failed script, style or challenge is a problem.
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
      problems.push(`console: ${msg.text()}`);
  });
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'document' && res.status() >= 400)
      problems.push(`${res.status()} for ${res.url()}`);
  });
  // ERR_ABORTED is a request cut short on purpose (a navigation, or the widget ending its workers once
  // solved); a blocked one reads otherwise (a CSP refusal is also a console error, kept above).
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`failed: ${req.url()} ${reason}`);
  });
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await server?.stop();
  await db?.drop();
});

const api = (p: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${p}`, init);

/** Clicks the ALTCHA widget and waits until it has put its solved payload in the form. */
async function solveWidget(): Promise<void> {
  // The widget draws its own box over the checkbox: the click goes to the checkbox itself.
  await page.locator('altcha-widget input[type="checkbox"]').dispatchEvent('click');
  // Polled from here: a predicate evaluated in the page would be refused by its CSP (no eval).
  await until(() => page.locator('input[name="altcha"]').inputValue(), {
    what: 'the ALTCHA widget to solve its challenge',
    timeoutMs: 60_000,
    intervalMs: 200,
  });
}

describe('the web application in Chromium', () => {
  let firstKey = '';
  let key = '';

  it('When a visitor opens the handoff link, then they are sent to sign in; they sign up with the challenge solved by the widget and see their key once', async () => {
    await page.goto(`${server.url}/app/agent_sessions/new`);
    assert.match(page.url(), /\/sign_in\?next=%2Fapp%2Fagent_sessions%2Fnew$/);
    await screenshot(page, '01-sign-in');
    await page.click('#to-sign-up');
    await page.fill('#email', email);
    await page.fill('#password', PASSWORD);
    await page.fill('#workspace', 'Browser workspace');
    await solveWidget();
    await screenshot(page, '02-sign-up-challenge-solved');
    await Promise.all([page.waitForURL(/\/app\/agent_sessions\/new$/), page.click('#sign-up')]);
    // Back where the link pointed; the key made at sign-up waits on the key page, once.
    await page.goto(`${server.url}/settings/personal/api`);
    firstKey = (await page.textContent('#new-key'))!.trim();
    assert.match(firstKey, /^ntk_/);
    await screenshot(page, '03-key-page-new-key');
    assert.equal((await api('/workspaces', { headers: { Authorization: firstKey } })).status, 200);
  });

  it('When the user signs out and signs in again, then the key page shows the key’s creation time and pin but not the key', async () => {
    await Promise.all([page.waitForURL(/\/sign_in$/), page.click('#sign-out')]);
    await page.goto(`${server.url}/sign_in`);
    await page.fill('#email', email);
    await page.fill('#password', 'not the password');
    await page.click('#sign-in');
    assert.match((await page.textContent('.error'))!, /do not match an account/);
    await screenshot(page, '04-sign-in-wrong-password');
    await page.fill('#password', PASSWORD);
    await Promise.all([page.waitForURL(/\/settings\/personal\/api$/), page.click('#sign-in')]);
    assert.equal(await page.locator('#new-key').count(), 0);
    assert.match((await page.textContent('#key-created'))!, /UTC/);
    await screenshot(page, '05-key-page');
  });

  it('When the key is regenerated, then the new key is shown with a copy button and the old key answers 401 invalid_api_key', async () => {
    await Promise.all([page.waitForURL(/\/settings\/personal\/api$/), page.click('#regenerate')]);
    key = (await page.textContent('#new-key'))!.trim();
    assert.notEqual(key, firstKey);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.click('#copy-key');
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), key);
    await screenshot(page, '06-key-regenerated');
    const old = await api('/workspaces', { headers: { Authorization: firstKey } });
    assert.equal(old.status, 401);
    assert.deepEqual(await old.json(), { errors: [{ code: 'invalid_api_key', message: 'Invalid API key.' }] });
  });

  it('When the user opens the handoff page and passes the challenge, then the code it shows gives the agent the key and the workspace, and GET /workspaces answers 200', async () => {
    await page.goto(`${server.url}/app/agent_sessions/new`);
    assert.match((await page.textContent('main'))!, /hands over your personal API key/);
    await solveWidget();
    await screenshot(page, '07-handoff-challenge');
    await page.click('#show-code');
    const code = (await page.textContent('#handoff-code'))!.trim();
    assert.match((await page.textContent('#handoff-workspace'))!, /Browser workspace/);
    await screenshot(page, '08-handoff-code');
    const res = await api('/agent_sessions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: code }),
    });
    assert.equal(res.status, 200);
    const session = (await res.json()) as { api_key: string; workspace_id: string };
    assert.equal(session.api_key, key);
    const list = await api('/workspaces', { headers: { Authorization: session.api_key } });
    assert.equal(list.status, 200);
    const body = (await list.json()) as { data: { id: string; name: string }[] };
    assert.deepEqual(
      body.data.map((w) => [w.id, w.name]),
      [[session.workspace_id, 'Browser workspace']],
    );
    await page.goto(`${server.url}/settings/personal/api`);
    assert.match((await page.textContent('#last-handoff'))!, /Browser workspace/);
    await screenshot(page, '09-key-page-last-handoff');
  });

  it('When a code is used after its 5 minutes (the clock moved forward), then POST /agent_sessions answers 401', async () => {
    await page.goto(`${server.url}/app/agent_sessions/new`);
    await solveWidget();
    await page.click('#show-code');
    const code = (await page.textContent('#handoff-code'))!.trim();
    offsetMs = 6 * 60_000;
    try {
      const res = await api('/agent_sessions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: code }),
      });
      assert.equal(res.status, 401);
      const body = (await res.json()) as { errors: { code: string }[] };
      assert.equal(body.errors[0]!.code, 'unauthorized');
    } finally {
      offsetMs = 0;
    }
  });

  it('When a member opens a calendar connect link, then the consent pages render in the same layout', async () => {
    const workspaces = (await (await api('/workspaces', { headers: { Authorization: key } })).json()) as {
      data: { id: string }[];
    };
    const link = await api('/calendar_connect_links', {
      method: 'POST',
      headers: { Authorization: key, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        workspace_id: workspaces.data[0]!.id,
        member_data: { name: 'Ann', email: 'ann@example.com' },
        return_url: 'https://app.example.com/back',
      }),
    });
    assert.equal(link.status, 201, await link.clone().text());
    const { url } = (await link.json()) as { url: string };
    await page.goto(url);
    assert.equal(await page.textContent('h1'), 'Connect your calendar');
    assert.equal(await page.locator('header.top .brand').count(), 1);
    await screenshot(page, '10-consent-choose-provider');
    await Promise.all([page.waitForURL(/\/simulated-calendar\/consent/), page.click('#google')]);
    assert.match((await page.textContent('main'))!, /ann@example\.com/);
    await screenshot(page, '11-consent-simulated-provider');
  });

  it('When a brand kit’s preview link is opened, then the page shows the kit as saved: the tile, the chat messages and the summary e-mail', async () => {
    const workspaces = (await (await api('/workspaces', { headers: { Authorization: key } })).json()) as {
      data: { id: string }[];
    };
    const created = await api('/brand_kits', {
      method: 'POST',
      headers: { Authorization: key, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        workspace_id: workspaces.data[0]!.id,
        bot: {
          name: 'Acme Notes',
          tile: { type: 'color', color: { background_color: '#0a7f5a' } },
          chat: { enabled: true, recording_message: 'Acme Notes is recording this call.', paused_message: 'Paused.' },
        },
        email: {
          type: 'branded',
          branded: { color: '#0a7f5a', website: 'https://acme.example', cta: { type: 'open_meeting' } },
        },
      }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const kit = (await created.json()) as { preview_url: string };
    const res = await page.goto(kit.preview_url);
    assert.equal(res?.status(), 200);
    const text = (await page.textContent('body'))!;
    assert.match(text, /Acme Notes/);
    assert.match(text, /Acme Notes is recording this call\./);
    await screenshot(page, '12-brand-kit-preview');
  });

  it('When the pages ran, then the browser reported no script error and no blocked resource', () => {
    assert.deepEqual(problems, []);
  });
});
