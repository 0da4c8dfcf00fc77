import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { CURRENT_VERSION } from '../../domain/versions';
import { givenAccount, givenApi, type TestApi } from '../support/api';

let api: TestApi;
let key: string;
let workspaceId: string;

beforeAll(async () => {
  api = await givenApi();
  ({ key, workspaceId } = await givenAccount(api));
});
afterAll(() => api.close());

const errorCodes = (body: { errors: { code: string }[] }) => body.errors.map((e) => e.code);

describe('paths and methods', () => {
  it('When a path ends with a slash, then it is the same endpoint and nothing redirects', async () => {
    const res = await api.http.get('/api/v1/workspaces/').set('Authorization', key);
    assert.equal(res.status, 200);
    assert.equal(res.body.object, 'list');
  });

  it('When no endpoint matches, then 404 not_found names the method and path, before any key check', async () => {
    const res = await api.http.delete('/api/v1/no-such-thing');
    assert.equal(res.status, 404);
    assert.deepEqual(errorCodes(res.body), ['not_found']);
    assert.match(res.body.errors[0].message, /DELETE \/api\/v1\/no-such-thing/);
  });

  it('When a known path is called with another method, then 405 lists the allowed methods in Allow', async () => {
    const res = await api.http.put('/api/v1/workspaces').set('Authorization', key);
    assert.equal(res.status, 405);
    assert.equal(res.headers.allow, 'GET, POST');
    assert.deepEqual(errorCodes(res.body), ['method_not_allowed']);
    assert.match(res.body.errors[0].message, /PUT .*\/api\/v1\/workspaces.*GET, POST/);
    const byId = await api.http.post(`/api/v1/workspaces/${workspaceId}`);
    assert.equal(byId.status, 405);
    assert.equal(byId.headers.allow, 'GET, PATCH, DELETE');
  });

  it('When only a non-JSON format is acceptable, then 406 answers', async () => {
    const res = await api.http.get('/api/v1/workspaces').set('Authorization', key).set('Accept', 'text/csv');
    assert.equal(res.status, 406);
    assert.ok(Array.isArray(res.body.errors));
    const ok = await api.http
      .get('/api/v1/workspaces')
      .set('Authorization', key)
      .set('Accept', 'application/json, text/plain');
    assert.equal(ok.status, 200);
  });

  it('When a resource is read, then it is JSON in UTF-8 with its exact length in bytes; HEAD answers the same headers and no body', async () => {
    const name = 'Équipe 東京 ✓';
    const created = await api.http.post('/api/v1/workspaces').set('Authorization', key).send({ name });
    assert.equal(created.status, 201);
    const path = `/api/v1/workspaces/${created.body.id}`;
    const got = await api.http.get(path).set('Authorization', key).buffer(true);
    assert.equal(got.status, 200);
    assert.equal(got.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(got.body.name, name);
    assert.equal(Number(got.headers['content-length']), Buffer.byteLength(JSON.stringify(got.body)));
    const head = await api.http.head(path).set('Authorization', key);
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(head.headers['content-length'], got.headers['content-length']);
    assert.equal(head.text, undefined);
  });
});

describe('request bodies', () => {
  it('When JSON comes with a missing or wrong Content-Type, then it is parsed as JSON', async () => {
    for (const type of [undefined, 'text/plain', 'application/x-www-form-urlencoded']) {
      const req = api.http.post('/api/v1/workspaces').set('Authorization', key);
      if (type) req.set('Content-Type', type);
      const res = await req.send(JSON.stringify({ name: `typed ${type}` }));
      assert.equal(res.status, 201, `${type}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.name, `typed ${type}`);
    }
  });

  it('When the body is form-encoded, then it is accepted, nested keys included', async () => {
    const res = await api.http
      .post('/api/v1/workspaces')
      .set('Authorization', key)
      .type('form')
      .send('name=Form+Co&metadata[plan]=pro');
    assert.equal(res.status, 201);
    assert.equal(res.body.name, 'Form Co');
    assert.deepEqual(res.body.metadata, { plan: 'pro' });
  });

  it("When the JSON is malformed, then 400 invalid_json gives the parser's message and position", async () => {
    const res = await api.http
      .post('/api/v1/workspaces')
      .set('Authorization', key)
      .set('Content-Type', 'application/json')
      .send('{"name": x}');
    assert.equal(res.status, 400);
    assert.deepEqual(errorCodes(res.body), ['invalid_json']);
    assert.match(res.body.errors[0].message, /position 9/);
  });

  it('When the body is the text of an unstringified object, then 400 invalid_json says to pass the serialised payload', async () => {
    const res = await api.http.post('/api/v1/workspaces').set('Authorization', key).send('[object Object]');
    assert.equal(res.status, 400);
    assert.deepEqual(errorCodes(res.body), ['invalid_json']);
    assert.match(res.body.errors[0].message, /serialised payload/);
  });

  it('When the body is JSON null, then 422 invalid_type: null is a body, and not an object', async () => {
    const res = await api.http
      .patch(`/api/v1/workspaces/${workspaceId}`)
      .set('Authorization', key)
      .set('Content-Type', 'application/json')
      .send('null');
    assert.equal(res.status, 422);
    assert.deepEqual(errorCodes(res.body), ['invalid_type']);
    const none = await api.http.patch(`/api/v1/workspaces/${workspaceId}`).set('Authorization', key);
    assert.equal(none.status, 200, 'no body at all reads as {}');
    const blank = await api.http
      .patch(`/api/v1/workspaces/${workspaceId}`)
      .set('Authorization', key)
      .set('Content-Type', 'application/json')
      .send('\n ');
    assert.equal(blank.status, 400, 'whitespace is a body that cannot be parsed');
    assert.deepEqual(errorCodes(blank.body), ['invalid_json']);
  });

  it('When a date-time falls outside the years 0001 to 9999 once moved to UTC, then 422 invalid names it', async () => {
    const res = await api.http
      .post('/api/v1/calendar_events')
      .set('Authorization', key)
      .send({ workspace_id: workspaceId, ical_uid: 'year-zero', starts_at: '0001-01-01T00:00:00+01:01' });
    assert.equal(res.status, 422);
    assert.deepEqual(
      res.body.errors.map((e: { field: string }) => e.field),
      ['starts_at'],
    );
    const query = await api.http
      .get(
        `/api/v1/meetings?workspace_id=${workspaceId}&starts_after=${encodeURIComponent('0001-01-01T00:00:00+01:01')}`,
      )
      .set('Authorization', key);
    assert.equal(query.status, 422);
    assert.equal(query.body.errors[0].field, 'starts_after');
  });

  it('When several fields are wrong, then 422 lists one error per field with its dotted path', async () => {
    const res = await api.http
      .post('/api/v1/workspaces')
      .set('Authorization', key)
      .send({ name: 'x'.repeat(101), metadata: { ok: 'v', bad: { nested: true } }, colour: 'red' });
    assert.equal(res.status, 422);
    const byField = Object.fromEntries(res.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]));
    assert.deepEqual(byField, { name: 'too_long', 'metadata.bad': 'invalid_type', colour: 'unknown_field' });
  });

  it('When a required field is absent or blank, then it is named with missing or blank', async () => {
    const missing = await api.http.post('/api/v1/workspaces').set('Authorization', key).send({});
    assert.deepEqual(missing.body.errors, [{ code: 'missing', field: 'name', message: 'name is required.' }]);
    const blank = await api.http.post('/api/v1/workspaces').set('Authorization', key).send({ name: '   ' });
    assert.equal(blank.body.errors[0].code, 'blank');
  });
});

describe('authentication', () => {
  it('When the key is sent bare, as Bearer or as Token in any case, then it is accepted', async () => {
    for (const header of [key, `Bearer ${key}`, `bearer ${key}`, `Token ${key}`, `TOKEN ${key}`]) {
      const res = await api.http.get('/api/v1/workspaces').set('Authorization', header);
      assert.equal(res.status, 200, header.replace(key, '<key>'));
    }
  });

  it('When no Authorization is sent, then 401 missing_api_key tells to send the header', async () => {
    const res = await api.http.get('/api/v1/workspaces');
    assert.equal(res.status, 401);
    assert.deepEqual(errorCodes(res.body), ['missing_api_key']);
    assert.match(res.body.errors[0].message, /Authorization header/);
  });

  it('When the key matches no account, then 401 invalid_api_key reads "Invalid API key."', async () => {
    const res = await api.http.get('/api/v1/workspaces').set('Authorization', 'Bearer ntk_not-a-key');
    assert.deepEqual(res.body, { errors: [{ code: 'invalid_api_key', message: 'Invalid API key.' }] });
  });

  it('When a workspace of another account is named, then 401 unauthorized reads "Unauthorized"', async () => {
    const other = await givenAccount(api);
    const res = await api.http
      .get('/api/v1/members')
      .query({ workspace_id: other.workspaceId })
      .set('Authorization', key);
    assert.equal(res.status, 401);
    assert.deepEqual(res.body, { errors: [{ code: 'unauthorized', message: 'Unauthorized' }] });
  });

  it('When an endpoint needs a workspace and none is named, then 400 bad_request "Parameter missing: workspace_id"', async () => {
    for (const res of [
      await api.http.get('/api/v1/members').set('Authorization', key),
      await api.http.get('/api/v1/members').query({ workspace_id: '' }).set('Authorization', key),
      await api.http.post('/api/v1/members').set('Authorization', key).send({ name: 'Ann' }),
    ]) {
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { errors: [{ code: 'bad_request', message: 'Parameter missing: workspace_id' }] });
    }
  });

  it('When the integer id of a workspace is sent, then it names the same workspace', async () => {
    const row = await api.orm.em
      .fork()
      .execute<{ legacy_id: string }[]>('select legacy_id from workspaces where id = ?', [workspaceId]);
    const res = await api.http
      .get('/api/v1/members')
      .query({ workspace_id: row[0]!.legacy_id })
      .set('Authorization', key);
    assert.equal(res.status, 200);
  });

  it('When an integer id too large for any workspace is sent, then 401 unauthorized as for any workspace the key cannot see, never a database error', async () => {
    // Beyond PostgreSQL's bigint, and beyond what a JavaScript number holds exactly (it would round
    // to another id).
    for (const id of ['361212516763194439499776', '9007199254740993']) {
      const res = await api.http.get('/api/v1/members').query({ workspace_id: id }).set('Authorization', key);
      assert.equal(res.status, 401, `${id}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(res.body, { errors: [{ code: 'unauthorized', message: 'Unauthorized' }] });
      const path = await api.http.get(`/api/v1/workspaces/${id}`).set('Authorization', key);
      assert.equal(path.status, 404, `${id}: ${JSON.stringify(path.body)}`);
    }
  });

  it('When a request is answered, then X-Request-Id identifies it', async () => {
    const res = await api.http.get('/api/v1/workspaces').set('Authorization', key);
    assert.match(res.headers['x-request-id']!, /^req_/);
  });
});

describe('versions', () => {
  it('When no header is sent, then the key is served at its pin, current for a new key, with no successor link', async () => {
    const res = await api.http.get('/api/v1/workspaces').set('Authorization', key);
    assert.equal(res.headers['service-version'], CURRENT_VERSION);
    assert.equal(res.headers.link, undefined);
  });

  it('When Service-Version names a date, then the newest version on or before it serves, with a successor link', async () => {
    const res = await api.http.get('/api/v1/workspaces').set('Authorization', key).set('Service-Version', '2026-10-11');
    assert.equal(res.headers['service-version'], '2026-10-10');
    assert.equal(res.headers.link, '<http://api.test/api/v1/changelog#2026-10-12>; rel="successor-version"');
  });

  it('When Service-Version is not a valid date, then 400 invalid_api_version', async () => {
    const res = await api.http.get('/api/v1/workspaces').set('Authorization', key).set('Service-Version', 'latest');
    assert.equal(res.status, 400);
    assert.deepEqual(errorCodes(res.body), ['invalid_api_version']);
  });

  it('When a request has no valid key, then the version header still decides the served version', async () => {
    const res = await api.http.get('/api/v1/workspaces').set('Service-Version', '2026-09-30');
    assert.equal(res.status, 401);
    assert.equal(res.headers['service-version'], '2026-09-25');
  });

  it('When a key is pinned before 2026-10-12, then workspaces read camelCase with server-offset timestamps, and the header overrides for one request', async () => {
    const old = await givenAccount(api, { pin: '2026-10-10', staff: true });
    const res = await api.http.get(`/api/v1/workspaces/${old.workspaceId}`).set('Authorization', old.key);
    assert.equal(res.headers['service-version'], '2026-10-10');
    assert.ok(
      'createdAt' in res.body && 'ownerEmail' in res.body && 'membersCount' in res.body,
      JSON.stringify(res.body),
    );
    assert.ok(!('created_at' in res.body));
    assert.match(res.body.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/);
    const now = await api.http
      .get(`/api/v1/workspaces/${old.workspaceId}`)
      .set('Authorization', old.key)
      .set('Service-Version', CURRENT_VERSION);
    assert.ok('created_at' in now.body && 'owner_email' in now.body);
    assert.match(now.body.created_at, /Z$/);
    const again = await api.http.get(`/api/v1/workspaces/${old.workspaceId}`).set('Authorization', old.key);
    assert.equal(again.headers['service-version'], '2026-10-10', 'the header never moves the pin');
  });
});

describe('lists', () => {
  it('When a list has more than a page, then _links.next.url pages through it keeping the other parameters, and is absent at the end', async () => {
    const { key: k, workspaceId: w } = await givenAccount(api);
    for (let i = 0; i < 5; i++) {
      const res = await api.http
        .post('/api/v1/members')
        .set('Authorization', k)
        .send({ workspace_id: w, name: `M${i}` });
      assert.equal(res.status, 201);
    }
    const seen: string[] = [];
    let url: string | undefined = `/api/v1/members?workspace_id=${w}&limit=2`;
    let pages = 0;
    while (url) {
      const res: { status: number; body: any } = await api.http
        .get(url.replace('http://api.test', ''))
        .set('Authorization', k);
      assert.equal(res.status, 200);
      assert.equal(res.body.object, 'list');
      pages++;
      seen.push(...res.body.data.map((m: { name: string }) => m.name));
      assert.equal(res.body.has_more, Boolean(res.body._links.next));
      url = res.body._links.next?.url;
      if (url) assert.match(url, new RegExp(`^http://api.test/api/v1/members\\?.*workspace_id=${w}.*limit=2`));
    }
    assert.equal(pages, 3);
    assert.deepEqual(seen, ['M0', 'M1', 'M2', 'M3', 'M4']);
  });

  it('When a member is added between two pages, then paging neither repeats nor skips a row', async () => {
    const { key: k, workspaceId: w } = await givenAccount(api);
    for (const name of ['A', 'B', 'C'])
      await api.http.post('/api/v1/members').set('Authorization', k).send({ workspace_id: w, name });
    const first = await api.http.get('/api/v1/members').query({ workspace_id: w, limit: 2 }).set('Authorization', k);
    await api.http.post('/api/v1/members').set('Authorization', k).send({ workspace_id: w, name: 'D' });
    const second = await api.http
      .get(first.body._links.next.url.replace('http://api.test', ''))
      .set('Authorization', k);
    assert.deepEqual(
      [...first.body.data, ...second.body.data].map((m: { name: string }) => m.name),
      ['A', 'B', 'C', 'D'],
    );
  });

  it('When limit is outside 1..100 or not an integer, then it is refused naming limit', async () => {
    for (const limit of ['0', '101', 'ten', '2.5']) {
      const res = await api.http.get('/api/v1/workspaces').query({ limit }).set('Authorization', key);
      assert.equal(res.status, 422, limit);
      assert.equal(res.body.errors[0].field, 'limit');
    }
  });

  it('When page or per_page is sent, then 400', async () => {
    for (const q of [{ page: '2' }, { per_page: '10' }]) {
      const res = await api.http.get('/api/v1/workspaces').query(q).set('Authorization', key);
      assert.equal(res.status, 400);
      assert.deepEqual(errorCodes(res.body), ['bad_request']);
    }
  });

  it('When the cursor has been tampered with, then 400 names cursor', async () => {
    const res = await api.http.get('/api/v1/workspaces').query({ cursor: 'not-a-cursor' }).set('Authorization', key);
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].field, 'cursor');
  });

  it('When a well-formed cursor carries values of the wrong kind (text for a number, a NUL, a huge number), then 400, never a database error', async () => {
    const crafted = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const [path, cursor] of [
      ['/api/v1/settings', { g: 'x', k: '', id: '' }],
      ['/api/v1/settings', { g: 1e300, k: '', id: '' }],
      ['/api/v1/settings_assignments', { g: 0, k: '', r: 'x', id: '' }],
      ['/api/v1/meetings', { id: 'mtg_\u0000' }],
    ] as const) {
      const res = await api.http
        .get(path)
        .query({ workspace_id: workspaceId, cursor: crafted(cursor) })
        .set('Authorization', key);
      assert.equal(res.status, 400, `${path} ${JSON.stringify(cursor)}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.errors[0].field, 'cursor');
    }
  });
});

describe('health', () => {
  it('When the process is alive, then /healthz answers 200; /readyz reports each dependency', async () => {
    assert.equal((await api.http.get('/healthz')).status, 200);
    const ready = await api.http.get('/readyz');
    assert.equal(ready.body.checks.database, 'ok');
    assert.equal(ready.body.checks.temporal, 'not configured');
    assert.equal(ready.status, 503);
  });
});
