import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenAccount, givenApi, grant, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await givenApi({ env: { RATE_LIMIT_MEMBERS_PER_HOUR: '4' } });
});
afterAll(() => api.close());

async function createMember(key: string, body: Record<string, unknown>) {
  return api.http.post('/api/v1/members').set('Authorization', key).send(body);
}

describe('members', () => {
  it('When a member is created, then it reads back with exactly the spec fields', async () => {
    const me = await givenAccount(api);
    const res = await createMember(me.key, {
      workspace_id: me.workspaceId,
      name: 'Ann Lee',
      email: 'ann@example.com',
      client_reference_id: 'user-17',
      metadata: { team: 'sales' },
    });
    assert.equal(res.status, 201);
    assert.match(res.body.id, /^mem_/);
    assert.deepEqual(Object.keys(res.body).sort(), [
      'client_reference_id',
      'created_at',
      'email',
      'id',
      'metadata',
      'name',
      'object',
      'settings',
      'workspace_id',
    ]);
    assert.equal(res.body.object, 'member');
    assert.equal(res.body.workspace_id, me.workspaceId);
    const got = await api.http.get(`/api/v1/members/${res.body.id}`).set('Authorization', me.key);
    assert.deepEqual(got.body, res.body);
  });

  it('When the email is already used in the workspace, whatever its case, then 409 conflict; another workspace may use it', async () => {
    const me = await givenAccount(api);
    await createMember(me.key, { workspace_id: me.workspaceId, name: 'A', email: 'dup@example.com' });
    const dup = await createMember(me.key, { workspace_id: me.workspaceId, name: 'B', email: 'DUP@example.com' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.errors[0].field, 'email');
    const other = await givenAccount(api);
    assert.equal(
      (await createMember(other.key, { workspace_id: other.workspaceId, name: 'C', email: 'dup@example.com' })).status,
      201,
    );
  });

  it('When fields are invalid, then each is named: name over 100, a bad email, client_reference_id over 255', async () => {
    const me = await givenAccount(api);
    const res = await createMember(me.key, {
      workspace_id: me.workspaceId,
      name: 'n'.repeat(101),
      email: 'not-an-email',
      client_reference_id: 'r'.repeat(256),
    });
    assert.equal(res.status, 422);
    assert.deepEqual(res.body.errors.map((e: { field: string }) => e.field).sort(), [
      'client_reference_id',
      'email',
      'name',
    ]);
  });

  it('When a member is patched, then name and metadata change, client_reference_id null clears, and unknown fields are refused', async () => {
    const me = await givenAccount(api);
    const m = (
      await createMember(me.key, {
        workspace_id: me.workspaceId,
        name: 'Old',
        client_reference_id: 'ref',
        metadata: { a: '1' },
      })
    ).body;
    const res = await api.http
      .patch(`/api/v1/members/${m.id}`)
      .set('Authorization', me.key)
      .send({ name: 'New', client_reference_id: null, metadata: { b: 2 } });
    assert.equal(res.status, 200);
    assert.equal(res.body.name, 'New');
    assert.equal(res.body.client_reference_id, null);
    assert.deepEqual(res.body.metadata, { a: '1', b: '2' });
    const bad = await api.http
      .patch(`/api/v1/members/${m.id}`)
      .set('Authorization', me.key)
      .send({ email: 'x@y.z', policy: {} });
    assert.equal(bad.status, 422);
    assert.deepEqual(
      bad.body.errors.map((e: { code: string }) => e.code),
      ['unknown_field', 'unknown_field'],
    );
  });

  it('When the list is filtered by email or client_reference_id, then only matching members come back', async () => {
    const me = await givenAccount(api);
    await createMember(me.key, {
      workspace_id: me.workspaceId,
      name: 'A',
      email: 'a@example.com',
      client_reference_id: 'x',
    });
    await createMember(me.key, {
      workspace_id: me.workspaceId,
      name: 'B',
      email: 'b@example.com',
      client_reference_id: 'y',
    });
    const byEmail = await api.http
      .get('/api/v1/members')
      .query({ workspace_id: me.workspaceId, email: 'B@EXAMPLE.com' })
      .set('Authorization', me.key);
    assert.deepEqual(
      byEmail.body.data.map((m: { name: string }) => m.name),
      ['B'],
    );
    const byRef = await api.http
      .get('/api/v1/members')
      .query({ workspace_id: me.workspaceId, client_reference_id: 'x' })
      .set('Authorization', me.key);
    assert.deepEqual(
      byRef.body.data.map((m: { name: string }) => m.name),
      ['A'],
    );
    const withSettings = await api.http
      .get('/api/v1/members')
      .query({ workspace_id: me.workspaceId, include: 'settings' })
      .set('Authorization', me.key);
    assert.equal(withSettings.status, 200);
  });

  it('When a member is removed, then it is gone from reads and lists and its email is free again', async () => {
    const me = await givenAccount(api);
    const m = (await createMember(me.key, { workspace_id: me.workspaceId, name: 'Gone', email: 'gone@example.com' }))
      .body;
    const del = await api.http.delete(`/api/v1/members/${m.id}`).set('Authorization', me.key);
    assert.deepEqual(del.body, { id: m.id, object: 'member', deleted: true });
    assert.equal((await api.http.get(`/api/v1/members/${m.id}`).set('Authorization', me.key)).status, 404);
    assert.equal((await api.http.delete(`/api/v1/members/${m.id}`).set('Authorization', me.key)).status, 404);
    assert.equal(
      (await createMember(me.key, { workspace_id: me.workspaceId, name: 'Back', email: 'gone@example.com' })).status,
      201,
    );
  });

  it("When another account's member is addressed, then 404 for every method; its workspace in a parameter is 401", async () => {
    const me = await givenAccount(api);
    const other = await givenAccount(api);
    const theirs = (await createMember(other.key, { workspace_id: other.workspaceId, name: 'Theirs' })).body;
    for (const res of [
      await api.http.get(`/api/v1/members/${theirs.id}`).set('Authorization', me.key),
      await api.http.patch(`/api/v1/members/${theirs.id}`).set('Authorization', me.key).send({ name: 'x' }),
      await api.http.delete(`/api/v1/members/${theirs.id}`).set('Authorization', me.key),
    ])
      assert.equal(res.status, 404);
    assert.equal((await createMember(me.key, { workspace_id: other.workspaceId, name: 'x' })).status, 401);
    assert.equal(
      (await api.http.get('/api/v1/members').query({ workspace_id: other.workspaceId }).set('Authorization', me.key))
        .status,
      401,
    );
  });

  it('When a member-role key writes members, then 401; it can read them; a guest sees no member directory', async () => {
    const owner = await givenAccount(api);
    const m = (await createMember(owner.key, { workspace_id: owner.workspaceId, name: 'Someone' })).body;
    const reader = await givenAccount(api, { workspace: false });
    await grant(api, reader.email, owner.workspaceId, 'member');
    assert.equal((await createMember(reader.key, { workspace_id: owner.workspaceId, name: 'x' })).status, 401);
    assert.equal(
      (await api.http.patch(`/api/v1/members/${m.id}`).set('Authorization', reader.key).send({ name: 'x' })).status,
      401,
    );
    assert.equal((await api.http.get(`/api/v1/members/${m.id}`).set('Authorization', reader.key)).status, 200);
    const guest = await givenAccount(api, { workspace: false });
    await grant(api, guest.email, owner.workspaceId, 'guest');
    assert.equal(
      (await api.http.get('/api/v1/members').query({ workspace_id: owner.workspaceId }).set('Authorization', guest.key))
        .status,
      401,
    );
    assert.equal((await api.http.get(`/api/v1/members/${m.id}`).set('Authorization', guest.key)).status, 404);
  });

  it('When the hourly limit of new members is reached, removed ones included, then 429 rate_limited with retry_in_seconds equal to Retry-After', async () => {
    const me = await givenAccount(api);
    const first = (await createMember(me.key, { workspace_id: me.workspaceId, name: 'M0' })).body;
    await api.http.delete(`/api/v1/members/${first.id}`).set('Authorization', me.key);
    for (let i = 1; i < 4; i++)
      assert.equal((await createMember(me.key, { workspace_id: me.workspaceId, name: `M${i}` })).status, 201);
    const res = await createMember(me.key, { workspace_id: me.workspaceId, name: 'M4' });
    assert.equal(res.status, 429);
    assert.equal(res.body.errors[0].code, 'rate_limited');
    assert.equal(String(res.body.retry_in_seconds), res.headers['retry-after']);
    assert.ok(res.body.retry_in_seconds > 3500 && res.body.retry_in_seconds <= 3600);
  });
});
