import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenAccount, givenApi, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await givenApi();
});
afterAll(() => api.close());

const post = (key: string, idem: string | null, body: unknown) => {
  const req = api.as(key).post('/workspaces', body);
  if (idem !== null) req.set('Idempotency-Key', idem);
  return req;
};

describe('Idempotency-Key on POST', () => {
  it('When a POST is retried with the same key and body, then the first answer is replayed and nothing is created twice', async () => {
    const me = await givenAccount(api);
    const first = await post(me.key, 'create-ws-1', { name: 'Retried' });
    const again = await post(me.key, 'create-ws-1', { name: 'Retried' });
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const list = await api.http.get('/api/v1/workspaces').set('Authorization', me.key);
    assert.equal(list.body.data.filter((w: { name: string }) => w.name === 'Retried').length, 1);
  });

  it('When the same key comes with another body, then 422 idempotency_key_reused and nothing is created', async () => {
    const me = await givenAccount(api);
    assert.equal((await post(me.key, 'k-2', { name: 'One' })).status, 201);
    const other = await post(me.key, 'k-2', { name: 'Two' });
    assert.equal(other.status, 422);
    assert.equal(other.body.errors[0].code, 'idempotency_key_reused');
    const list = await api.http.get('/api/v1/workspaces').set('Authorization', me.key);
    assert.ok(!list.body.data.some((w: { name: string }) => w.name === 'Two'));
  });

  it('When a request with a key fails, then the key keeps nothing and a corrected retry runs', async () => {
    const me = await givenAccount(api);
    const bad = await post(me.key, 'k-3', { name: '' });
    assert.equal(bad.status, 422);
    assert.equal((await post(me.key, 'k-3', { name: '' })).status, 422, 'an error is not replayed as a success');
    const good = await post(me.key, 'k-3', { name: 'Fixed' });
    assert.equal(good.status, 201);
  });

  it('When two accounts use the same key, then each has its own; a malformed key answers 400', async () => {
    const a = await givenAccount(api);
    const b = await givenAccount(api);
    const ra = await post(a.key, 'shared', { name: 'A' });
    const rb = await post(b.key, 'shared', { name: 'A' });
    assert.equal(ra.status, 201);
    assert.equal(rb.status, 201);
    assert.notEqual(ra.body.id, rb.body.id);
    const long = await post(a.key, 'x'.repeat(256), { name: 'A' });
    assert.equal(long.status, 400);
  });
});
