import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenAccount, givenApi, grant, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await givenApi({ env: { RATE_LIMIT_WORKSPACES_PER_DAY: '3' } });
});
afterAll(() => api.close());

const STAFF_FIELDS = [
  'owner_email',
  'members_count',
  'is_human_transcription_allowed',
  'is_human_translation_allowed',
  'email_domains',
  'idp_company_names',
  'currency',
];

describe('workspaces', () => {
  it('When a workspace is created, then the caller owns it and it is listed with exactly the spec fields', async () => {
    const me = await givenAccount(api, { workspace: false });
    const created = await api.http
      .post('/api/v1/workspaces')
      .set('Authorization', me.key)
      .send({ name: 'Acme', metadata: { plan: 'pro', seats: 5 } });
    assert.equal(created.status, 201);
    assert.match(created.body.id, /^wks_/);
    assert.equal(created.body.role, 'owner');
    assert.deepEqual(created.body.metadata, { plan: 'pro', seats: '5' });
    assert.deepEqual(Object.keys(created.body).sort(), [
      'created_at',
      'id',
      'metadata',
      'name',
      'object',
      'role',
      'settings',
      'updated_at',
    ]);
    const list = await api.http.get('/api/v1/workspaces').set('Authorization', me.key);
    assert.deepEqual(
      list.body.data.map((w: { id: string }) => w.id),
      [created.body.id],
    );
    assert.equal(list.body.has_more, false);
    assert.deepEqual(list.body._links, {});
    const one = await api.http
      .get(`/api/v1/workspaces/${created.body.id}`)
      .set('Authorization', me.key)
      .query({ include: 'settings' });
    assert.equal(one.body.name, 'Acme');
  });

  it('When a staff key reads a workspace, then the staff-only fields appear; members_count leaves out removed members', async () => {
    const staff = await givenAccount(api, { staff: true });
    for (const name of ['A', 'B', 'C'])
      await api.http
        .post('/api/v1/members')
        .set('Authorization', staff.key)
        .send({ workspace_id: staff.workspaceId, name });
    const list = await api.http
      .get('/api/v1/members')
      .query({ workspace_id: staff.workspaceId })
      .set('Authorization', staff.key);
    await api.http.delete(`/api/v1/members/${list.body.data[0].id}`).set('Authorization', staff.key);
    const res = await api.http.get(`/api/v1/workspaces/${staff.workspaceId}`).set('Authorization', staff.key);
    for (const f of STAFF_FIELDS) assert.ok(f in res.body, f);
    assert.equal(res.body.owner_email, staff.email);
    assert.equal(res.body.members_count, 2);
    assert.equal(res.body.is_human_transcription_allowed, true);
    const listed = await api.http.get('/api/v1/workspaces').set('Authorization', staff.key);
    assert.equal(listed.body.data[0].members_count, 2);
  });

  it('When a key lists its workspaces, then each entry is the workspace as read on its own, for staff and other keys, with and without settings', async () => {
    for (const staff of [false, true]) {
      const me = await givenAccount(api, { staff });
      await api.http
        .patch(`/api/v1/workspaces/${me.workspaceId}`)
        .set('Authorization', me.key)
        .send({ name: `Renamed ${staff}`, metadata: { plan: 'pro' } });
      const alone = await api.http
        .get(`/api/v1/workspaces/${me.workspaceId}`)
        .set('Authorization', me.key)
        .query({ include: 'settings' });
      assert.equal(alone.status, 200);
      assert.deepEqual(alone.body.metadata, { plan: 'pro' });
      const withSettings = await api.http
        .get('/api/v1/workspaces')
        .set('Authorization', me.key)
        .query({ include: 'settings' });
      assert.deepEqual(withSettings.body.data, [alone.body]);
      const { settings: _settings, ...bare } = alone.body;
      const listed = await api.http.get('/api/v1/workspaces').set('Authorization', me.key);
      assert.deepEqual(listed.body.data, [bare]);
      for (const f of STAFF_FIELDS) assert.equal(f in listed.body.data[0], staff, f);
    }
  });

  it('When a non-staff key reads a workspace, then no staff-only field appears', async () => {
    const me = await givenAccount(api);
    const res = await api.http.get(`/api/v1/workspaces/${me.workspaceId}`).set('Authorization', me.key);
    for (const f of STAFF_FIELDS) assert.ok(!(f in res.body), f);
  });

  it('When an owner or admin patches name and metadata, then metadata merges; member and guest roles get 403 workspace_update_not_allowed', async () => {
    const owner = await givenAccount(api);
    await api.http
      .patch(`/api/v1/workspaces/${owner.workspaceId}`)
      .set('Authorization', owner.key)
      .send({ metadata: { a: '1', b: '2' } });
    const patched = await api.http
      .patch(`/api/v1/workspaces/${owner.workspaceId}`)
      .set('Authorization', owner.key)
      .send({ name: 'Renamed', metadata: { b: '', c: '3' } });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.name, 'Renamed');
    assert.deepEqual(patched.body.metadata, { a: '1', c: '3' });
    const cleared = await api.http
      .patch(`/api/v1/workspaces/${owner.workspaceId}`)
      .set('Authorization', owner.key)
      .send({ metadata: '' });
    assert.deepEqual(cleared.body.metadata, {});

    const admin = await givenAccount(api, { workspace: false });
    await grant(api, admin.email, owner.workspaceId, 'admin');
    const byAdmin = await api.http
      .patch(`/api/v1/workspaces/${owner.workspaceId}`)
      .set('Authorization', admin.key)
      .send({ name: 'By admin' });
    assert.equal(byAdmin.status, 200);
    assert.equal(byAdmin.body.role, 'admin');

    for (const role of ['member', 'guest'] as const) {
      const other = await givenAccount(api, { workspace: false });
      await grant(api, other.email, owner.workspaceId, role);
      const res = await api.http
        .patch(`/api/v1/workspaces/${owner.workspaceId}`)
        .set('Authorization', other.key)
        .send({ name: 'Nope' });
      assert.equal(res.status, 403, role);
      assert.equal(res.body.errors[0].code, 'workspace_update_not_allowed');
      const read = await api.http.get(`/api/v1/workspaces/${owner.workspaceId}`).set('Authorization', other.key);
      assert.equal(read.body.role, role);
    }
  });

  it('When the owner archives a workspace, then it leaves every list and read; an admin gets 403 workspace_archive_not_allowed', async () => {
    const owner = await givenAccount(api);
    const admin = await givenAccount(api, { workspace: false });
    await grant(api, admin.email, owner.workspaceId, 'admin');
    const denied = await api.http.delete(`/api/v1/workspaces/${owner.workspaceId}`).set('Authorization', admin.key);
    assert.equal(denied.status, 403);
    assert.equal(denied.body.errors[0].code, 'workspace_archive_not_allowed');
    const archived = await api.http.delete(`/api/v1/workspaces/${owner.workspaceId}`).set('Authorization', owner.key);
    assert.deepEqual(archived.body, { id: owner.workspaceId, object: 'workspace', archived: true });
    assert.equal(
      (await api.http.get(`/api/v1/workspaces/${owner.workspaceId}`).set('Authorization', owner.key)).status,
      404,
    );
    assert.deepEqual((await api.http.get('/api/v1/workspaces').set('Authorization', owner.key)).body.data, []);
    assert.equal(
      (await api.http.get('/api/v1/members').query({ workspace_id: owner.workspaceId }).set('Authorization', owner.key))
        .status,
      401,
    );
  });

  it("When another account's workspace is addressed by id, then 404 for every method", async () => {
    const me = await givenAccount(api);
    const other = await givenAccount(api);
    const path = `/api/v1/workspaces/${other.workspaceId}`;
    assert.equal((await api.http.get(path).set('Authorization', me.key)).status, 404);
    assert.equal((await api.http.patch(path).set('Authorization', me.key).send({ name: 'x' })).status, 404);
    assert.equal((await api.http.delete(path).set('Authorization', me.key)).status, 404);
    const list = await api.http.get('/api/v1/workspaces').set('Authorization', me.key);
    assert.ok(!list.body.data.some((w: { id: string }) => w.id === other.workspaceId));
  });

  it('When the daily creation limit is reached, archived ones included, then 429 workspace_creation_rate_limited with retry_in_seconds equal to Retry-After', async () => {
    const me = await givenAccount(api, { workspace: false });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api.http
        .post('/api/v1/workspaces')
        .set('Authorization', me.key)
        .send({ name: `W${i}` });
      assert.equal(res.status, 201);
      ids.push(res.body.id);
    }
    await api.http.delete(`/api/v1/workspaces/${ids[0]}`).set('Authorization', me.key);
    const res = await api.http.post('/api/v1/workspaces').set('Authorization', me.key).send({ name: 'one too many' });
    assert.equal(res.status, 429);
    assert.equal(res.body.errors[0].code, 'workspace_creation_rate_limited');
    assert.equal(typeof res.body.retry_in_seconds, 'number');
    assert.equal(String(res.body.retry_in_seconds), res.headers['retry-after']);
    assert.ok(
      res.body.retry_in_seconds > 86_000 && res.body.retry_in_seconds <= 86_400,
      String(res.body.retry_in_seconds),
    );
    const other = await givenAccount(api, { workspace: false });
    assert.equal(
      (await api.http.post('/api/v1/workspaces').set('Authorization', other.key).send({ name: 'fine' })).status,
      201,
      'the limit is per API user',
    );
  });

  it('When many workspaces are created at once, then the limit still holds', async () => {
    const me = await givenAccount(api, { workspace: false });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.http
          .post('/api/v1/workspaces')
          .set('Authorization', me.key)
          .send({ name: `P${i}` }),
      ),
    );
    assert.equal(results.filter((r) => r.status === 201).length, 3);
    assert.equal(results.filter((r) => r.status === 429).length, 5);
  });
});
