import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import supertest from 'supertest';
import { givenAccount, givenApi, type TestApi } from '../support/api';
import { freshDatabase } from '../support/db';
import { loadConfig } from '../../runtime/config';
import { roomInWindow } from '../support/until';
import {
  csrfOf,
  handoffCodeThrough,
  newEmail,
  PASSWORD,
  signInThrough,
  signUpThrough,
  solvedChallenge,
} from '../support/web';
import { setPassword } from '../../services/web-app';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let api: TestApi;
let offsetMs = 0;
/** The sign-in limits' fixed window (runtime/config.ts: signInWindowSeconds). */
const SIGN_IN_WINDOW_SECONDS = loadConfig({ NODE_ENV: 'test' }).webApp.signInWindowSeconds;
// The web application's clock: a test moves it forward to expire a handoff code.
const clock = () => new Date(Date.now() + offsetMs);

// Each test speaks from its own address (X-Forwarded-For, believed from loopback), so the per-address limits of one test never reach another.
let lastAddress = 10;
const newAddress = () => `198.51.100.${++lastAddress}`;
const browserFrom = (address = newAddress()) => {
  const agent = supertest.agent(api.app);
  agent.set('X-Forwarded-For', address);
  return agent;
};

beforeAll(async () => {
  db = await freshDatabase();
  api = await givenApi({
    orm: db.orm,
    clock,
    env: {
      TRUST_PROXY: 'loopback',
      CHALLENGE_COST: '10',
      CHALLENGE_COUNTER_MAX: '40',
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '3',
      RATE_LIMIT_SIGN_IN_PER_ADDRESS: '5',
      RATE_LIMIT_AGENT_SESSIONS_PER_ADDRESS: '5',
      RATE_LIMIT_AGENT_SESSIONS_PER_MINUTE: '1000',
    },
  });
});
afterAll(() => db.drop());

const exchange = (token: unknown, address = newAddress()) =>
  api.http.post('/api/v1/agent_sessions').set('X-Forwarded-For', address).send({ token });

describe('web application: sign-up, sign-in, sessions', () => {
  it('When someone signs up with a solved challenge, then the account, its workspace and a key exist, the key is shown once, and the session cookie is HttpOnly and SameSite=Lax', async () => {
    const browser = browserFrom();
    const form = await browser.get('/sign_up');
    assert.equal(form.status, 200);
    const cookie = String(form.headers['set-cookie']);
    assert.match(cookie, /nt_session=/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.doesNotMatch(cookie, /Secure/); // plain HTTP here; see the HTTPS test below
    const { key } = await signUpThrough(browser);
    const workspaces = await api.http.get('/api/v1/workspaces').set('Authorization', key);
    assert.equal(workspaces.status, 200);
    assert.deepEqual(
      workspaces.body.data.map((w: { name: string; role: string }) => [w.name, w.role]),
      [['Agents test', 'owner']],
    );
    // Shown once: the next visit shows the pin and creation time, not the key.
    const again = await browser.get('/settings/personal/api');
    assert.equal(again.status, 200);
    assert.doesNotMatch(again.text, /id="new-key"/);
    assert.ok(!again.text.includes(key));
    assert.match(again.text, /id="key-created"/);
  });

  it('When the site is served over HTTPS, then the session cookie is Secure and HSTS is sent', async () => {
    const https = await givenApi({ orm: db.orm, env: { APP_URL: 'https://app.example.test' } });
    const res = await https.http.get('/sign_in');
    assert.match(String(res.headers['set-cookie']), /; Secure/);
    assert.match(String(res.headers['strict-transport-security']), /max-age=/);
  });

  it('When a session cookie is not valid percent-encoding, then it reads as no session: the page answers, not a 500', async () => {
    const res = await api.http.get('/sign_in').set('X-Forwarded-For', newAddress()).set('Cookie', 'nt_session=%');
    assert.equal(res.status, 200);
    const unknown = await api.http
      .get('/no-such-page')
      .set('X-Forwarded-For', newAddress())
      .set('Cookie', 'nt_session=%E0%A4%A');
    assert.equal(unknown.status, 404);
  });

  it('When a page is served, then it carries the security headers (CSP with scripts from this origin, no framing, no sniffing)', async () => {
    const res = await browserFrom().get('/sign_in');
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /frame-ancestors 'self'/);
    assert.match(csp, /form-action 'self'/);
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  it('When a form is sent without its CSRF token or with another session’s, then it answers 403 and changes nothing', async () => {
    const browser = browserFrom();
    const { email, key } = await signUpThrough(browser);
    const other = browserFrom();
    const otherToken = csrfOf((await other.get('/sign_in')).text);
    for (const [path, body] of [
      ['/settings/personal/api/regenerate', {}],
      ['/sign_out', {}],
      ['/app/agent_sessions/new', { altcha: 'x' }],
    ] as const) {
      const missing = await browser.post(path).type('form').send(body);
      assert.equal(missing.status, 403, path);
      assert.match(missing.text, /This form expired or was not sent from this site/);
      const foreign = await browser
        .post(path)
        .type('form')
        .send({ ...body, _csrf: otherToken });
      assert.equal(foreign.status, 403, path);
    }
    // Still signed in, and the key still works (nothing was regenerated).
    assert.equal((await browser.get('/settings/personal/api')).status, 200);
    assert.equal((await api.http.get('/api/v1/workspaces').set('Authorization', key)).status, 200);
    const signIn = await browserFrom().post('/sign_in').type('form').send({ email, password: PASSWORD });
    assert.equal(signIn.status, 403);
    const signUp = await browserFrom().post('/sign_up').type('form').send({ email: newEmail(), password: PASSWORD });
    assert.equal(signUp.status, 403);
  });

  it('When the password is wrong or the e-mail unknown, then both answer 401 with the same message, and the right password signs in with a new session', async () => {
    const { email } = await signUpThrough(browserFrom());
    const address = newAddress();
    const wrong = await signInThrough(browserFrom(address), email, 'not the password at all');
    const unknown = await signInThrough(browserFrom(address), newEmail(), 'not the password at all');
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    const message = (t: string) => /<p class="error" role="alert">([^<]+)<\/p>/.exec(t)![1];
    assert.equal(message(wrong.text), message(unknown.text));
    assert.equal(message(wrong.text), 'That e-mail and password do not match an account. Check both and try again.');
    const browser = browserFrom(address);
    const anonymous = await browser.get('/sign_in');
    const before = /nt_session=([^;]+)/.exec(String(anonymous.headers['set-cookie']))![1];
    const ok = await browser
      .post('/sign_in')
      .type('form')
      .send({
        _csrf: csrfOf(anonymous.text),
        email: email.toUpperCase(),
        password: PASSWORD,
        next: '/app/agent_sessions/new',
      });
    assert.equal(ok.status, 303);
    assert.equal(ok.headers.location, '/app/agent_sessions/new');
    const after = /nt_session=([^;]+)/.exec(String(ok.headers['set-cookie']))![1];
    assert.notEqual(after, before); // a new session at sign-in (no fixation)
    assert.equal((await browser.get('/settings/personal/api')).status, 200);
    // Signing out ends the session: the key page sends to sign in again.
    const keyPage = await browser.get('/settings/personal/api');
    const out = await browser
      .post('/sign_out')
      .type('form')
      .send({ _csrf: csrfOf(keyPage.text) });
    assert.equal(out.status, 303);
    const gone = await browser.get('/settings/personal/api');
    assert.equal(gone.status, 303);
    assert.equal(gone.headers.location, '/sign_in?next=%2Fsettings%2Fpersonal%2Fapi');
  });

  it('When an account is tried too often, then sign-in answers 429 with Retry-After, even with the right password, from any address', async () => {
    await roomInWindow(SIGN_IN_WINDOW_SECONDS, 10_000); // every attempt in one fixed window
    const { email } = await signUpThrough(browserFrom());
    for (let i = 0; i < 3; i++)
      assert.equal((await signInThrough(browserFrom(), email, `wrong-password-${i}`)).status, 401);
    const limited = await signInThrough(browserFrom(), email, PASSWORD);
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers['retry-after']) >= 1 && Number(limited.headers['retry-after']) <= 900);
    assert.match(limited.text, /Too many sign-in attempts/);
  });

  it('When one address tries too many accounts, then sign-in answers 429 for every account from it, and another address is not limited', async () => {
    await roomInWindow(SIGN_IN_WINDOW_SECONDS, 10_000);
    const address = newAddress();
    for (let i = 0; i < 5; i++)
      assert.equal((await signInThrough(browserFrom(address), newEmail(), 'whatever-password')).status, 401);
    const { email } = await signUpThrough(browserFrom());
    assert.equal((await signInThrough(browserFrom(address), email, PASSWORD)).status, 429);
    assert.equal((await signInThrough(browserFrom(), email, PASSWORD)).status, 303);
  });

  it('When sign-up comes without a solved challenge, with a replayed one, or for an e-mail that exists, then it is refused and no account is made', async () => {
    const browser = browserFrom();
    const form = await browser.get('/sign_up');
    const token = csrfOf(form.text);
    const email = newEmail();
    const send = (altcha: string, to = email) =>
      browser.post('/sign_up').type('form').send({ _csrf: token, email: to, password: PASSWORD, altcha });
    assert.equal((await send('')).status, 403);
    assert.equal((await send(Buffer.from('{"challenge":{},"solution":{}}').toString('base64'))).status, 403);
    const solved = await solvedChallenge(browser);
    const weak = await browser
      .post('/sign_up')
      .type('form')
      .send({ _csrf: token, email, password: 'short', altcha: solved });
    assert.equal(weak.status, 422);
    assert.equal((await send(solved)).status, 303);
    // The same solution again (another browser, another e-mail): spent.
    const replay = browserFrom();
    const replayForm = await replay.get('/sign_up');
    const replayed = await replay
      .post('/sign_up')
      .type('form')
      .send({ _csrf: csrfOf(replayForm.text), email: newEmail(), password: PASSWORD, altcha: solved });
    assert.equal(replayed.status, 403);
    const taken = browserFrom();
    const takenForm = await taken.get('/sign_up');
    const dup = await taken
      .post('/sign_up')
      .type('form')
      .send({
        _csrf: csrfOf(takenForm.text),
        email: email.toUpperCase(),
        password: PASSWORD,
        altcha: await solvedChallenge(taken),
      });
    assert.equal(dup.status, 409);
    const count = await db.orm.em
      .fork()
      .execute('select count(*)::int as n from accounts where lower(email) = lower(?)', [email]);
    assert.equal(count[0].n, 1);
  });

  it('When the admin sets a password for an account made by the admin command, then that account signs in', async () => {
    const made = await givenAccount(api);
    assert.equal((await signInThrough(browserFrom(), made.email, PASSWORD)).status, 401);
    await setPassword(db.orm.em.fork(), made.email, PASSWORD);
    assert.equal((await signInThrough(browserFrom(), made.email, PASSWORD)).status, 303);
    await assert.rejects(setPassword(db.orm.em.fork(), made.email, 'short'), /10 to 200 characters/);
  });
});

describe('the key page', () => {
  it('When the key is regenerated, then the new key is shown once and works, and the old one answers 401 invalid_api_key at once', async () => {
    const browser = browserFrom();
    const { key: old } = await signUpThrough(browser);
    const page = await browser.get('/settings/personal/api');
    const res = await browser
      .post('/settings/personal/api/regenerate')
      .type('form')
      .send({ _csrf: csrfOf(page.text) });
    assert.equal(res.status, 303);
    const shown = await browser.get('/settings/personal/api');
    const fresh = /<code id="new-key">([^<]+)<\/code>/.exec(shown.text)![1]!;
    assert.notEqual(fresh, old);
    assert.match(shown.text, /data-copy="#new-key"/);
    const refused = await api.http.get('/api/v1/workspaces').set('Authorization', old);
    assert.equal(refused.status, 401);
    assert.deepEqual(refused.body, { errors: [{ code: 'invalid_api_key', message: 'Invalid API key.' }] });
    assert.equal((await api.http.get('/api/v1/workspaces').set('Authorization', fresh)).status, 200);
    assert.doesNotMatch((await browser.get('/settings/personal/api')).text, /id="new-key"/);
  });

  it('When someone not signed in opens a page of the application, then they are sent to sign in and come back after', async () => {
    for (const path of ['/settings/personal/api', '/app/agent_sessions/new']) {
      const res = await browserFrom().get(path);
      assert.equal(res.status, 303);
      assert.equal(res.headers.location, `/sign_in?next=${encodeURIComponent(path)}`);
    }
    // Only paths of this site are followed after sign-in.
    const evil = await browserFrom().get('/sign_in?next=//evil.example/x');
    assert.match(evil.text, /name="next" value="\/settings\/personal\/api"/);
  });
});

describe('agent handoff: POST /agent_sessions', () => {
  it('When the code of the handoff page is exchanged, then it answers the personal key and the workspace, once; the key page shows the handoff', async () => {
    const browser = browserFrom();
    const { key } = await signUpThrough(browser);
    const { code, page } = await handoffCodeThrough(browser);
    assert.match(code, /^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    assert.match(page, /hands over your personal API key|reveals the key/);
    assert.match(page, /Agents test/);
    const res = await exchange(code);
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ['api_key', 'workspace_id']);
    assert.equal(res.body.api_key, key);
    assert.match(res.body.workspace_id, /^wks_/);
    const workspaces = await api.http.get('/api/v1/workspaces').set('Authorization', res.body.api_key);
    assert.equal(workspaces.status, 200);
    assert.equal(workspaces.body.data[0].id, res.body.workspace_id);
    // Once only.
    const used = await exchange(code);
    assert.equal(used.status, 401);
    assert.equal(used.body.errors[0].code, 'unauthorized');
    assert.match(used.body.errors[0].message, /wrong, was already used, or expired/);
    const keyPage = await browser.get('/settings/personal/api');
    const handoff = /id="last-handoff">([^]*?)<\/dd>/.exec(keyPage.text);
    assert.ok(handoff, `${keyPage.status} ${keyPage.text}`);
    assert.match(handoff[1]!, /UTC.*Agents test/);
    // The code is stored only as its hash.
    const stored = await db.orm.em.fork().execute<{ code_hash: string }[]>('select code_hash from agent_session_codes');
    assert.ok(stored.every((r) => !r.code_hash.includes(code.replace(/-/g, ''))));
  });

  it('When a code is wrong, malformed or missing, then 401 (422 for a missing token) in the spec’s error body', async () => {
    const wrong = await exchange('AAAA-BBBB-CCCC-DDDD-EEEE');
    assert.equal(wrong.status, 401);
    assert.deepEqual(Object.keys(wrong.body), ['errors']);
    assert.equal(wrong.body.errors[0].code, 'unauthorized');
    assert.equal((await exchange('not a code')).status, 401);
    const missing = await api.http.post('/api/v1/agent_sessions').set('X-Forwarded-For', newAddress()).send({});
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.body.errors, [{ code: 'missing', message: 'token is required.', field: 'token' }]);
  });

  it('When a code is used after its 5 minutes (the clock moved forward), then 401; just before, it works', async () => {
    const browser = browserFrom();
    await signUpThrough(browser);
    const late = await handoffCodeThrough(browser);
    const inTime = await handoffCodeThrough(browser);
    offsetMs = 5 * 60_000 - 2_000;
    try {
      assert.equal((await exchange(inTime.code)).status, 200);
      offsetMs = 5 * 60_000 + 1_000;
      const expired = await exchange(late.code);
      assert.equal(expired.status, 401);
      assert.equal(expired.body.errors[0].code, 'unauthorized');
    } finally {
      offsetMs = 0;
    }
  });

  it('When one address guesses more than 5 codes a minute, then 429 rate_limited with retry_in_seconds equal to Retry-After, even for a right code', async () => {
    const browser = browserFrom();
    await signUpThrough(browser);
    const { code } = await handoffCodeThrough(browser);
    const address = newAddress();
    await roomInWindow(60); // the six guesses in one minute window
    for (let i = 0; i < 5; i++) assert.equal((await exchange(`AAAA-BBBB-CCCC-DDDD-EEE${i}`, address)).status, 401);
    const limited = await exchange(code, address);
    assert.equal(limited.status, 429);
    assert.equal(limited.body.errors[0].code, 'rate_limited');
    assert.equal(limited.body.retry_in_seconds, Number(limited.headers['retry-after']));
    assert.ok(limited.body.retry_in_seconds >= 1 && limited.body.retry_in_seconds <= 60);
    // The code was not spent: from another address it still works.
    assert.equal((await exchange(code)).status, 200);
  });

  it('When the whole service sees too many attempts in a minute, then every address gets 429', async () => {
    const own = await freshDatabase();
    try {
      const tight = await givenApi({
        orm: own.orm,
        env: {
          TRUST_PROXY: 'loopback',
          RATE_LIMIT_AGENT_SESSIONS_PER_MINUTE: '3',
          RATE_LIMIT_AGENT_SESSIONS_PER_ADDRESS: '100',
        },
      });
      const post = (address: string) =>
        tight.http
          .post('/api/v1/agent_sessions')
          .set('X-Forwarded-For', address)
          .send({ token: 'AAAA-BBBB-CCCC-DDDD-EEEE' });
      await roomInWindow(60);
      for (let i = 0; i < 3; i++) assert.equal((await post(`203.0.113.${i + 1}`)).status, 401);
      const limited = await post('203.0.113.99');
      assert.equal(limited.status, 429);
      assert.equal(limited.body.retry_in_seconds, Number(limited.headers['retry-after']));
    } finally {
      await own.drop();
    }
  });

  it('When the caller is served before 2026-10-09 (Service-Version, or the pin of the key handed over), then workspace_id is the integer id', async () => {
    const browser = browserFrom();
    const { email } = await signUpThrough(browser);
    const first = await handoffCodeThrough(browser);
    const old = await exchange(first.code).set('Service-Version', '2026-10-08');
    assert.equal(old.status, 200);
    assert.equal(typeof old.body.workspace_id, 'number');
    assert.equal(old.headers['service-version'], '2026-09-25');
    const listed = await api.http.get('/api/v1/workspaces').set('Authorization', old.body.api_key);
    const legacy = await db.orm.em
      .fork()
      .execute('select legacy_id from workspaces where id = ?', [listed.body.data[0].id]);
    assert.equal(old.body.workspace_id, Number(legacy[0].legacy_id));
    // A key pinned before 2026-10-09 reads the integer id without the header.
    await db.orm.em.fork().execute('update accounts set version_pin = ? where email = ?', ['2026-09-25', email]);
    const pinned = await exchange((await handoffCodeThrough(browser)).code);
    assert.equal(typeof pinned.body.workspace_id, 'number');
    assert.equal(pinned.headers['service-version'], '2026-09-25');
    const newest = await exchange((await handoffCodeThrough(browser)).code).set('Service-Version', '2026-10-12');
    assert.match(newest.body.workspace_id, /^wks_/);
  });

  it('When the OpenAPI document is read, then POST /agent_sessions is in it, without a key, with its 200, 401 and 429', async () => {
    const doc = await api.http.get('/api/v1/openapi.json');
    const op = doc.body.paths['/agent_sessions'].post;
    assert.deepEqual(op.security, []);
    assert.equal(op.operationId, 'postAgentSessions');
    assert.ok(op.responses['200'] && op.responses['401'] && op.responses['429']);
    assert.deepEqual(op.requestBody.content['application/json'].schema.required, ['token']);
  });
});
