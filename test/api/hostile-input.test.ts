import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenAccount, givenApi, type TestApi } from '../support/api';

let api: TestApi;
let key: string;
let workspaceId: string;

beforeAll(async () => {
  api = await givenApi();
  ({ key, workspaceId } = await givenAccount(api));
});
afterAll(() => api.close());

const codes = (body: { errors: { code: string; field?: string }[] }) =>
  body.errors.map((e) => `${e.code}${e.field ? `:${e.field}` : ''}`);

/** What an attacker would have written onto every object of the process. */
function prototypeIsClean(): void {
  for (const name of ['x', 'url', 'polluted', 'enabled']) {
    assert.equal(
      Object.prototype.hasOwnProperty.call(Object.prototype, name),
      false,
      `Object.prototype.${name} was written`,
    );
    assert.equal(({} as Record<string, unknown>)[name], undefined);
  }
}

describe('form bodies that name a prototype', () => {
  const hostile = [
    '__proto__[x]=1',
    'metadata[__proto__][x]=1',
    'name=A&__proto__[polluted]=yes',
    'constructor[prototype][url]=https://evil.test',
    'metadata[constructor][prototype][enabled]=true',
    '__proto__.x=1',
    'a[b][__proto__][x]=1',
  ];

  it('When hostile form bodies are sent without a key and with one, then nothing reaches Object.prototype and each is refused with 422 naming the field', async () => {
    for (const body of hostile) {
      for (const withKey of [false, true]) {
        const req = api.http.post('/api/v1/workspaces').type('form');
        if (withKey) req.set('Authorization', key);
        const res = await req.send(body);
        prototypeIsClean();
        // Without a key the body is still read first (it is parsed before authentication) and refused.
        assert.equal(res.status, 422, `${body} ${withKey}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.errors[0].code, 'invalid');
        assert.match(res.body.errors[0].message, /__proto__|constructor|prototype/);
      }
    }
  });

  it('When hostile bodies have been sent, then later requests of every tenant behave as before', async () => {
    for (const body of hostile) await api.http.post('/api/v1/workspaces').type('form').send(body);
    const other = await givenAccount(api);
    const created = await api.http
      .post('/api/v1/workspaces')
      .set('Authorization', other.key)
      .send({ name: 'After the attack' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(created.body.metadata, {});
    const form = await api.http
      .post('/api/v1/workspaces')
      .set('Authorization', key)
      .type('form')
      .send('name=Form&metadata[plan]=pro');
    assert.equal(form.status, 201, JSON.stringify(form.body));
    assert.deepEqual(form.body.metadata, { plan: 'pro' });
  });

  it('When a JSON body names __proto__ or constructor, then it is refused with 422 and nothing reaches Object.prototype', async () => {
    for (const text of [
      '{"__proto__": {"x": 1}, "name": "A"}',
      '{"name": "A", "metadata": {"constructor": {"prototype": {"x": "1"}}}}',
    ]) {
      const res = await api.http
        .post('/api/v1/workspaces')
        .set('Authorization', key)
        .set('Content-Type', 'application/json')
        .send(text);
      assert.equal(res.status, 422, text);
      prototypeIsClean();
    }
  });
});

describe('text PostgreSQL cannot store', () => {
  it('When a string field holds a NUL character, then 422 invalid names the field (create, update, metadata, form and query)', async () => {
    const create = await api.http.post('/api/v1/workspaces').set('Authorization', key).send({ name: 'a\u0000b' });
    assert.equal(create.status, 422);
    assert.deepEqual(codes(create.body), ['invalid:name']);

    const update = await api.http
      .patch(`/api/v1/workspaces/${workspaceId}`)
      .set('Authorization', key)
      .send({ metadata: { plan: 'x\u0000' } });
    assert.equal(update.status, 422);
    assert.deepEqual(codes(update.body), ['invalid:metadata.plan']);

    const key0 = await api.http
      .post('/api/v1/members')
      .set('Authorization', key)
      .send({ workspace_id: workspaceId, name: 'Ann', email: 'ann@acme.test', metadata: { 'k\u0000': 'v' } });
    assert.equal(key0.status, 422);
    assert.deepEqual(codes(key0.body), ['invalid:metadata']);

    const form = await api.http.post('/api/v1/workspaces').set('Authorization', key).type('form').send('name=a%00b');
    assert.equal(form.status, 422);
    assert.deepEqual(codes(form.body), ['invalid:name']);

    const query = await api.http
      .get('/api/v1/meetings')
      .set('Authorization', key)
      .query({ workspace_id: workspaceId, member_id: 'mem_\u0000' });
    assert.equal(query.status, 422);
    assert.deepEqual(codes(query.body), ['invalid:member_id']);

    const bot = await api.http
      .post('/api/v1/bots')
      .set('Authorization', key)
      .send({ workspace_id: workspaceId, meeting_url: 'https://zoom.us/j/123\u0000', bot_name: 'Note' });
    assert.equal(bot.status, 422);
    assert.deepEqual(codes(bot.body), ['invalid:meeting_url']);
  });

  it('When a string holds an unpaired surrogate, then 422 invalid names the field', async () => {
    for (const escape of ['\\ud800', '\\udfff', 'a\\ud83dz']) {
      const res = await api.http
        .post('/api/v1/workspaces')
        .set('Authorization', key)
        .set('Content-Type', 'application/json')
        .send(`{"name": "x${escape}"}`);
      assert.equal(res.status, 422, escape);
      assert.deepEqual(codes(res.body), ['invalid:name']);
    }
    const paired = await api.http
      .post('/api/v1/workspaces')
      .set('Authorization', key)
      .set('Content-Type', 'application/json')
      .send('{"name": "smile \\ud83d\\ude00"}');
    assert.equal(paired.status, 201);
    assert.equal(paired.body.name, 'smile 😀');
  });
});

describe('deeply nested bodies', () => {
  it('When a body opens 20,000 arrays and then turns to garbage, then 400 invalid_json answers', async () => {
    const res = await api.http
      .post('/api/v1/workspaces')
      .set('Authorization', key)
      .set('Content-Type', 'application/json')
      .send(`${'['.repeat(20_000)}garbage`);
    assert.equal(res.status, 400);
    assert.deepEqual(codes(res.body), ['invalid_json']);
    assert.match(res.body.errors[0].message, /position 20000/);
  });

  it('When a valid body nests deeper than the interface ever does, then 400 invalid_json says so', async () => {
    const deep = `{"name": "A", "metadata": {"k": ${'['.repeat(20_000)}${']'.repeat(20_000)}}}`;
    const res = await api.http
      .post('/api/v1/workspaces')
      .set('Authorization', key)
      .set('Content-Type', 'application/json')
      .send(deep);
    assert.equal(res.status, 400);
    assert.deepEqual(codes(res.body), ['invalid_json']);
    assert.match(res.body.errors[0].message, /nested deeper/);
    const form = await api.http
      .post('/api/v1/workspaces')
      .set('Authorization', key)
      .type('form')
      .send(`name=A&metadata${'[a]'.repeat(100)}=1`);
    assert.equal(form.status, 400);
  });
});

describe('unknown paths', () => {
  it('When the path matches no endpoint, then 404 answers whatever the Accept header, the body or the method', async () => {
    const html = await api.http.get('/api/v1/no-such-thing').set('Accept', 'text/html');
    assert.equal(html.status, 404);
    assert.deepEqual(codes(html.body), ['not_found']);
    const garbage = await api.http
      .post('/api/v1/no-such-thing')
      .set('Content-Type', 'application/json')
      .send('{not json');
    assert.equal(garbage.status, 404);
    const form = await api.http.post('/api/v1/no/such/thing').type('form').send('__proto__[x]=1');
    assert.equal(form.status, 404);
    prototypeIsClean();
    // A known path still answers 406 and 400 as before.
    assert.equal(
      (await api.http.get('/api/v1/workspaces').set('Authorization', key).set('Accept', 'text/html')).status,
      406,
    );
    assert.equal(
      (
        await api.http
          .post('/api/v1/workspaces')
          .set('Authorization', key)
          .set('Content-Type', 'application/json')
          .send('{not json')
      ).status,
      400,
    );
  });
});

describe('webhook targets', () => {
  it('When an endpoint URL embeds or names a non-public host, then 422 on url names the rule', async () => {
    for (const [url, rule] of [
      ['https://[2002:a00:1::]/hook', /6to4 address embedding an IPv4 address in the private block/],
      ['https://[2001::1]/hook', /Teredo/],
      ['https://[100::1]/hook', /discard/],
      ['https://[64:ff9b:1::1]/hook', /local-use NAT64/],
      ['https://198.18.0.1/hook', /benchmarking/],
      ['https://hooks.example.com./hook', /ends with a dot/],
    ] as const) {
      const res = await api.http
        .post('/api/v1/webhook_endpoints')
        .set('Authorization', key)
        .send({ workspace_id: workspaceId, url, enabled_events: ['*'] });
      assert.equal(res.status, 422, url);
      assert.equal(res.body.errors[0].field, 'url');
      assert.match(res.body.errors[0].message, rule);
    }
  });
});

describe('bot avatars', () => {
  it('When bot_avatar is not an http(s) URL, then 422 names the field; an https image is taken', async () => {
    for (const avatar of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      'ftp://example.com/a.png',
    ]) {
      const res = await api.http
        .post('/api/v1/bots')
        .set('Authorization', key)
        .send({ workspace_id: workspaceId, meeting_url: 'https://zoom.us/j/123456789', bot_avatar: avatar });
      assert.equal(res.status, 422, avatar);
      assert.equal(res.body.errors[0].field, 'bot_avatar');
    }
    const ok = await api.http.post('/api/v1/bots').set('Authorization', key).send({
      workspace_id: workspaceId,
      meeting_url: 'https://zoom.us/j/123456789',
      bot_avatar: 'https://cdn.example.com/bot.png',
    });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.bot_avatar, 'https://cdn.example.com/bot.png');
  });
});

describe('calendar change notifications of any shape', () => {
  it('When a calendar notification body is not what Microsoft sends (value not a list, entries null or not objects), then 401 answers without a valid token, never a 500', async () => {
    for (const body of [
      { value: 5 },
      { value: [null, 7, 'x', { clientState: 9 }] },
      { value: { clientState: 'x' } },
      null,
      'text',
      [1, 2],
    ]) {
      const res = await api.http
        .post('/api/v1/provider_callbacks/calendar/cal_00000000000000000000000000')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(body));
      assert.equal(res.status, 401, `${JSON.stringify(body)} answered ${res.status}`);
      assert.deepEqual(codes(res.body), ['unauthorized']);
    }
  });
});
