import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenAccount, givenApi, grant, type TestApi } from '../support/api';
import { freshDatabase } from '../support/db';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let api: TestApi;

beforeAll(async () => {
  db = await freshDatabase();
  api = await givenApi({ orm: db.orm });
});
afterAll(() => db.drop());

type Account = Awaited<ReturnType<typeof givenAccount>>;
const link = (who: Account, body: Record<string, unknown>, version?: string) => {
  const req = api.as(who).post('/calendar_connect_links', {
    workspace_id: who.workspaceId,
    provider: 'google',
    return_url: 'https://app.example.com/back',
    ...body,
  });
  if (version) req.set('Service-Version', version);
  return req;
};
const fields = (res: { body: { errors: { field?: string; code: string }[] } }) =>
  Object.fromEntries(res.body.errors.map((e) => [e.field, e.code]));

describe('calendar connect links', () => {
  it('When a link is created for a member or with member_data, then it answers the link object with a hosted url that expires', async () => {
    const me = await givenAccount(api);
    const member = await api.http
      .post('/api/v1/members')
      .set('Authorization', me.key)
      .send({ workspace_id: me.workspaceId, name: 'Ann', email: 'ann@acme.test' });
    const res = await link(me, { member_id: member.body.id, provider: 'microsoft' });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body).sort(), [
      'created_at',
      'expires_at',
      'id',
      'member_id',
      'object',
      'provider',
      'return_url',
      'url',
      'workspace_id',
    ]);
    assert.match(res.body.id, /^ccl_/);
    assert.equal(res.body.object, 'calendar_connect_link');
    assert.equal(res.body.provider, 'microsoft');
    assert.equal(res.body.member_id, member.body.id);
    assert.match(res.body.url, /^http:\/\/api\.test\/connect\/[\w-]{20,}$/);
    assert.equal(Date.parse(res.body.expires_at) - Date.parse(res.body.created_at), 24 * 3_600_000);
    const withData = await link(me, {
      member_data: { name: 'Bo', email: 'bo@acme.test', metadata: { team: 'sales' } },
    });
    assert.equal(withData.status, 201);
    assert.equal(withData.body.member_id, null);
    // The hosted page sends the member to the provider's consent, with the email as a sign-in hint.
    const hosted = await api.http.get(new URL(withData.body.url).pathname).redirects(0);
    assert.equal(hosted.status, 302);
    assert.match(hosted.headers.location!, /\/simulated-calendar\/consent\?.*login_hint=bo%40acme\.test/);
  });

  it('When the body is wrong, then 422 per field: both or neither of member_id and member_data, a name that is a URL, email_match, a foreign member, a bad return_url', async () => {
    const me = await givenAccount(api);
    const other = await givenAccount(api);
    const theirs = await api.http
      .post('/api/v1/members')
      .set('Authorization', other.key)
      .send({ workspace_id: other.workspaceId, name: 'X' });
    const mine = await api.http
      .post('/api/v1/members')
      .set('Authorization', me.key)
      .send({ workspace_id: me.workspaceId, name: 'Y' });
    assert.deepEqual(fields(await link(me, {})), { member_id: 'missing' });
    assert.deepEqual(fields(await link(me, { member_id: mine.body.id, member_data: { name: 'Z' } })), {
      member_data: 'invalid',
    });
    assert.deepEqual(fields(await link(me, { member_data: { name: 'https://evil.example/login' } })), {
      'member_data.name': 'invalid',
    });
    assert.deepEqual(fields(await link(me, { member_data: { name: 'a'.repeat(101) } })), {
      'member_data.name': 'too_long',
    });
    assert.deepEqual(fields(await link(me, { member_id: theirs.body.id })), { member_id: 'invalid' });
    assert.deepEqual(
      fields(await link(me, { member_id: mine.body.id, return_url: 'javascript:alert(1)', provider: 'yahoo' })),
      { return_url: 'invalid_format', provider: 'inclusion' },
    );
    const emailMatch = await link(me, { member_id: mine.body.id, email_match: 'exact' });
    assert.deepEqual(fields(emailMatch), { email_match: 'unknown_field' });
    assert.match(emailMatch.body.errors[0].message, /2026-10-12/);
    // Keys pinned earlier keep email_match (exact).
    assert.equal((await link(me, { member_id: mine.body.id, email_match: 'exact' }, '2026-10-10')).status, 201);
  });

  it('When a guest or a stranger asks, then 401; a member-role key may link only its own member', async () => {
    const me = await givenAccount(api);
    const stranger = await givenAccount(api);
    const ann = await api.http
      .post('/api/v1/members')
      .set('Authorization', me.key)
      .send({ workspace_id: me.workspaceId, name: 'Ann' });
    const bob = await api.http
      .post('/api/v1/members')
      .set('Authorization', me.key)
      .send({ workspace_id: me.workspaceId, name: 'Bob' });
    assert.equal((await link({ ...stranger, workspaceId: me.workspaceId }, { member_id: ann.body.id })).status, 401);
    const guest = await givenAccount(api, { workspace: false });
    await grant(api, guest.email, me.workspaceId, 'guest');
    assert.equal((await link({ ...guest, workspaceId: me.workspaceId }, { member_id: ann.body.id })).status, 401);
    const memberKey = await givenAccount(api, { workspace: false });
    const { grantAccess } = await import('../../services/accounts');
    await grantAccess(api.orm.em.fork(), {
      email: memberKey.email,
      workspaceId: me.workspaceId,
      role: 'member',
      memberId: ann.body.id,
    });
    assert.equal((await link({ ...memberKey, workspaceId: me.workspaceId }, { member_id: ann.body.id })).status, 201);
    assert.equal((await link({ ...memberKey, workspaceId: me.workspaceId }, { member_id: bob.body.id })).status, 401);
  });

  it('When connections are read by id that does not exist or is not visible, then 404; listing needs a workspace', async () => {
    const me = await givenAccount(api);
    assert.equal(
      (await api.http.get('/api/v1/calendar_connections/cal_01jdz4m7k3q8v2n6x9c5b1t0aa').set('Authorization', me.key))
        .status,
      404,
    );
    assert.equal(
      (
        await api.http
          .delete('/api/v1/calendar_connections/cal_01jdz4m7k3q8v2n6x9c5b1t0aa')
          .set('Authorization', me.key)
      ).status,
      404,
    );
    const list = await api.http
      .get('/api/v1/calendar_connections')
      .query({ workspace_id: me.workspaceId })
      .set('Authorization', me.key);
    assert.deepEqual(list.body.data, []);
    const missing = await api.http.get('/api/v1/calendar_connections').set('Authorization', me.key);
    assert.equal(missing.status, 400);
  });

  it('When the service runs in production, then the simulated calendar cannot be scripted', async () => {
    const prod = await givenApi({ orm: db.orm, env: { NODE_ENV: 'production' } });
    const me = await givenAccount(prod);
    const res = await prod.http
      .put('/api/v1/simulated_calendars/a@acme.test/events/x')
      .set('Authorization', me.key)
      .send({ starts_at: new Date().toISOString() });
    assert.equal(res.status, 404);
  });
});

describe('connect links with the specification body alone', () => {
  it('When a link names only member_id and return_url, then the member names its workspace, the hosted page offers Google and Microsoft, and the choice leads to that provider', async () => {
    const me = await givenAccount(api);
    const member = await api.http
      .post('/api/v1/members')
      .set('Authorization', me.key)
      .send({ workspace_id: me.workspaceId, name: 'Ann', email: 'ann.choice@acme.test' });
    const res = await api.http
      .post('/api/v1/calendar_connect_links')
      .set('Authorization', me.key)
      .send({ member_id: member.body.id, return_url: 'https://app.example.com/back' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.workspace_id, me.workspaceId);
    assert.equal(res.body.provider, null);
    const path = new URL(res.body.url).pathname;
    const choice = await api.http.get(path).redirects(0);
    assert.equal(choice.status, 200);
    assert.match(choice.text, /id="google"/);
    assert.match(choice.text, /id="microsoft"/);
    const href = /id="microsoft" href="([^"]+)"/.exec(choice.text)![1]!;
    const toProvider = await api.http.get(href).redirects(0);
    assert.equal(toProvider.status, 302);
    assert.match(toProvider.headers.location!, /login_hint=ann\.choice%40acme\.test/);
    const read = await db.orm.em
      .fork()
      .execute<{ provider: string }[]>('select provider from calendar_connect_links where id = ?', [res.body.id]);
    assert.equal(read[0]!.provider, 'microsoft', 'the choice is kept for the callback');
  });

  it('When neither workspace_id nor member_id is sent, then 400 Parameter missing: workspace_id; a member of another account answers 401', async () => {
    const me = await givenAccount(api);
    const none = await api.http
      .post('/api/v1/calendar_connect_links')
      .set('Authorization', me.key)
      .send({ member_data: { name: 'Bo' }, return_url: 'https://app.example.com/back' });
    assert.equal(none.status, 400);
    assert.equal(none.body.errors[0].message, 'Parameter missing: workspace_id');
    const other = await givenAccount(api);
    const theirs = await api.http
      .post('/api/v1/members')
      .set('Authorization', other.key)
      .send({ workspace_id: other.workspaceId, name: 'Cy', email: 'cy@other.test' });
    const denied = await api.http
      .post('/api/v1/calendar_connect_links')
      .set('Authorization', me.key)
      .send({ member_id: theirs.body.id, return_url: 'https://app.example.com/back' });
    assert.equal(denied.status, 401);
  });
});
