import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { givenAccount, givenApi, grant, type TestApi } from '../support/api';
import { testEnv } from '../support/env';
import { LocalStorage, signMediaPath, type MediaStorage } from '../../runtime/storage';
import { GIF, JPEG, PNG, SVG_WITH_SCRIPT, WEBP } from '../support/images';

/** Storage that remembers every key written, so a test can tell that nothing was stored. */
class WatchedStorage implements MediaStorage {
  readonly written: string[] = [];
  constructor(readonly inner: MediaStorage) {}
  async put(key: string, bytes: Buffer) {
    this.written.push(key);
    await this.inner.put(key, bytes);
  }
  get(key: string) {
    return this.inner.get(key);
  }
  open(key: string) {
    return this.inner.open(key);
  }
  delete(key: string) {
    return this.inner.delete(key);
  }
}

let api: TestApi;
let storage: WatchedStorage;
beforeAll(async () => {
  storage = new WatchedStorage(new LocalStorage(path.join(testEnv().tmp, `files-${process.pid}`)));
  api = await givenApi({ storage });
});
afterAll(async () => {
  await api.close();
});

type Account = Awaited<ReturnType<typeof givenAccount>>;
const upload = (
  who: Account,
  bytes: Buffer,
  opts: { filename?: string; contentType?: string; fields?: Record<string, string> } = {},
) => {
  let req = api.http.post('/api/v1/files').set('Authorization', who.key);
  for (const [k, v] of Object.entries(opts.fields ?? { workspace_id: who.workspaceId })) req = req.field(k, v);
  return req.attach('file', bytes, {
    filename: opts.filename ?? 'upload.bin',
    contentType: opts.contentType ?? 'application/octet-stream',
  });
};
/** Downloads a signed URL of the API (its path and query, on the test app). */
const download = (url: string) => {
  const u = new URL(url);
  return api.http
    .get(u.pathname + u.search)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
};
const fileRows = async () =>
  Number((await api.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from files'))[0]!.n);

describe('Uploading files', () => {
  it('When a PNG is uploaded under a GIF name and a GIF declared type, then it is a PNG named .png, with its byte count and a signed url valid a year', async () => {
    const me = await givenAccount(api);
    const res = await upload(me, PNG, { filename: 'logo.gif', contentType: 'image/gif' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.match(res.body.id, /^file_/);
    assert.equal(res.body.object, 'file');
    assert.equal(res.body.purpose, 'brand_kit');
    assert.equal(res.body.workspace_id, me.workspaceId);
    assert.equal(res.body.content_type, 'image/png');
    assert.equal(res.body.filename, 'logo.png');
    assert.equal(res.body.size, PNG.length);
    const expires = Number(new URL(res.body.url).searchParams.get('expires')) * 1000;
    assert.ok(Math.abs(expires - (Date.now() + 365 * 86_400_000)) < 60_000, 'the url is valid one year');

    const got = await download(res.body.url);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, PNG);
    assert.equal(got.headers['content-type'], 'image/png');
    assert.equal(got.headers['x-content-type-options'], 'nosniff');
    assert.match(got.headers['content-disposition']!, /^inline; filename="logo.png"/);
  });

  it('When each image type arrives under a lying name and type, then the bytes decide, and a matching extension is kept', async () => {
    const me = await givenAccount(api);
    const cases: [Buffer, string, string, string][] = [
      [JPEG, 'photo.jpeg', 'image/jpeg', 'photo.jpeg'],
      [JPEG, 'photo.png', 'image/jpeg', 'photo.jpg'],
      [GIF, 'anim.webp', 'image/gif', 'anim.gif'],
      [WEBP, 'pic', 'image/webp', 'pic.webp'],
      [SVG_WITH_SCRIPT, 'vector.txt', 'image/svg+xml', 'vector.svg'],
      [PNG, '../../etc/passwd.png', 'image/png', 'passwd.png'],
    ];
    for (const [bytes, filename, type, kept] of cases) {
      const res = await upload(me, bytes, { filename, contentType: 'text/plain' });
      assert.equal(res.status, 201, `${filename}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.content_type, type, filename);
      assert.equal(res.body.filename, kept, filename);
      assert.equal(res.body.size, bytes.length, filename);
    }
  });

  it('When bytes are not an image, whatever the name and declared type say, then 422 unsupported_file_type and nothing is stored', async () => {
    const me = await givenAccount(api);
    const before = { rows: await fileRows(), written: storage.written.length };
    const fakes: [Buffer, string, string][] = [
      [Buffer.from('just some text'), 'logo.png', 'image/png'],
      [Buffer.from('<html><body><svg></svg></body></html>'), 'logo.svg', 'image/svg+xml'],
      [Buffer.from('%PDF-1.7 not an image'), 'logo.jpg', 'image/jpeg'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'short.png', 'image/png'],
    ];
    for (const [bytes, filename, type] of fakes) {
      const res = await upload(me, bytes, { filename, contentType: type });
      assert.equal(res.status, 422, filename);
      assert.deepEqual(
        res.body.errors.map((e: { code: string; field: string }) => [e.code, e.field]),
        [['unsupported_file_type', 'file']],
      );
      assert.match(res.body.errors[0].message, /PNG, JPEG, GIF, WebP or SVG/);
    }
    assert.equal(await fileRows(), before.rows);
    assert.equal(storage.written.length, before.written);
  });

  it('When a file of 10 MB + 1 byte is uploaded, then 413 too_large with the error body, and nothing is stored; 10 MB exactly is taken', async () => {
    const me = await givenAccount(api);
    const tenMb = 10 * 1024 * 1024;
    const big = Buffer.alloc(tenMb + 1, 0);
    PNG.copy(big);
    const before = { rows: await fileRows(), written: storage.written.length };
    const res = await upload(me, big, { filename: 'big.png', contentType: 'image/png' });
    assert.equal(res.status, 413);
    assert.deepEqual(
      res.body.errors.map((e: { code: string; field: string }) => [e.code, e.field]),
      [['too_large', 'file']],
    );
    assert.match(res.body.errors[0].message, /10 MB/);
    assert.equal(await fileRows(), before.rows);
    assert.equal(storage.written.length, before.written);

    const exact = await upload(me, big.subarray(0, tenMb), { filename: 'exact.png', contentType: 'image/png' });
    assert.equal(exact.status, 201, JSON.stringify(exact.body));
    assert.equal(exact.body.size, tenMb);
  });

  it('When an SVG carrying a script is downloaded, then it comes as an attachment, typed, nosniff, under a CSP that runs nothing', async () => {
    const me = await givenAccount(api);
    const res = await upload(me, SVG_WITH_SCRIPT, { filename: 'logo.svg', contentType: 'image/svg+xml' });
    assert.equal(res.status, 201);
    const got = await download(res.body.url);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, SVG_WITH_SCRIPT);
    assert.equal(got.headers['content-type'], 'image/svg+xml');
    assert.match(got.headers['content-disposition']!, /^attachment; filename="logo.svg"/);
    assert.equal(got.headers['x-content-type-options'], 'nosniff');
    const csp = got.headers['content-security-policy']!;
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /sandbox/);
    assert.doesNotMatch(csp, /script-src/);
  });

  it('When the workspace is left out, then the key’s only workspace is used; with two it is a 400; a member or another account cannot upload', async () => {
    const me = await givenAccount(api);
    const solo = await upload(me, PNG, { fields: {} });
    assert.equal(solo.status, 201);
    assert.equal(solo.body.workspace_id, me.workspaceId);

    const second = await api.as(me).post('/workspaces', { name: 'Second' });
    assert.equal(second.status, 201);
    const ambiguous = await upload(me, PNG, { fields: {} });
    assert.equal(ambiguous.status, 400);
    assert.equal(ambiguous.body.errors[0].code, 'bad_request');
    assert.equal(ambiguous.body.errors[0].message, 'Parameter missing: workspace_id');

    const member = await givenAccount(api, { workspace: false });
    await grant(api, member.email, me.workspaceId, 'member');
    const byMember = await upload(member, PNG, { fields: { workspace_id: me.workspaceId } });
    assert.equal(byMember.status, 401);
    assert.equal(byMember.body.errors[0].code, 'unauthorized');
    const stranger = await givenAccount(api);
    const byStranger = await upload(stranger, PNG, { fields: { workspace_id: me.workspaceId } });
    assert.equal(byStranger.status, 401);
  });

  it('When the form is wrong, then each mistake is named: no file, another purpose, an unknown field, JSON instead of a form', async () => {
    const me = await givenAccount(api);
    const noFile = await api.http
      .post('/api/v1/files')
      .set('Authorization', me.key)
      .field('workspace_id', me.workspaceId);
    assert.equal(noFile.status, 422);
    assert.deepEqual(noFile.body.errors[0], {
      code: 'missing',
      field: 'file',
      message: 'file is required: the image’s bytes.',
    });
    const purpose = await upload(me, PNG, { fields: { workspace_id: me.workspaceId, purpose: 'avatar' } });
    assert.equal(purpose.status, 422);
    assert.equal(purpose.body.errors[0].field, 'purpose');
    assert.equal(purpose.body.errors[0].code, 'inclusion');
    const unknown = await upload(me, PNG, { fields: { workspace_id: me.workspaceId, colour: 'red' } });
    assert.equal(unknown.status, 422);
    assert.deepEqual(
      unknown.body.errors.map((e: { code: string; field: string }) => [e.code, e.field]),
      [['unknown_field', 'colour']],
    );
    const json = await api.as(me).post('/files', { workspace_id: me.workspaceId });
    assert.equal(json.status, 400);
    assert.match(json.body.errors[0].message, /multipart\/form-data/);
    const explicit = await upload(me, PNG, { fields: { workspace_id: me.workspaceId, purpose: 'brand_kit' } });
    assert.equal(explicit.status, 201);
  });

  it('When a form ends inside its file part (or inside another file part), then 400 bad_request, and the service keeps answering', async () => {
    const me = await givenAccount(api);
    for (const part of ['file', 'extra']) {
      const body =
        `--b0undary\r\nContent-Disposition: form-data; name="workspace_id"\r\n\r\n${me.workspaceId}\r\n` +
        `--b0undary\r\nContent-Disposition: form-data; name="${part}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n` +
        PNG.subarray(0, 20).toString('latin1');
      const cut = await api.http
        .post('/api/v1/files')
        .set('Authorization', me.key)
        .set('Content-Type', 'multipart/form-data; boundary=b0undary')
        .send(Buffer.from(body, 'latin1'));
      assert.equal(cut.status, 400, `${part}: ${JSON.stringify(cut.body)}`);
      assert.equal(cut.body.errors[0].code, 'bad_request');
    }
    assert.equal((await upload(me, PNG)).status, 201, 'the process lives on');
  });
});

describe('Reading files', () => {
  it('When any key of the file’s workspace reads it, then it gets the file with a fresh url; keys of another account get 404', async () => {
    const me = await givenAccount(api);
    const created = (await upload(me, PNG, { filename: 'a.png' })).body;
    const guest = await givenAccount(api, { workspace: false });
    await grant(api, guest.email, me.workspaceId, 'guest');
    for (const who of [me, guest]) {
      const res = await api.as(who).get(`/files/${created.id}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.id, created.id);
      assert.equal(res.body.size, PNG.length);
      assert.deepEqual((await download(res.body.url)).body, PNG);
    }
    await new Promise((r) => setTimeout(r, 1100));
    const later = await api.as(me).get(`/files/${created.id}`);
    assert.notEqual(later.body.url, created.url, 'each read signs a fresh url');

    const stranger = await givenAccount(api);
    const hidden = await api.as(stranger).get(`/files/${created.id}`);
    assert.equal(hidden.status, 404);
    assert.equal(hidden.body.errors[0].code, 'not_found');
    assert.equal((await api.as(stranger).delete(`/files/${created.id}`)).status, 404);
    assert.equal((await api.as(me).get('/files/file_00000000000000000000000000')).status, 404);
  });

  it('When a download link is expired or altered, then 401; when the file was deleted, then 404', async () => {
    const me = await givenAccount(api);
    const created = (await upload(me, PNG, { filename: 'a.png' })).body;
    const url = new URL(created.url);
    const secret = api.config.signingSecret!;
    const expired = signMediaPath(secret, `files/${created.id}`, new Date(Date.now() - 1000));
    const old = await api.http.get(`/api/v1/files/${created.id}/content${expired.slice(expired.indexOf('?'))}`);
    assert.equal(old.status, 401);
    assert.match(old.body.errors[0].message, /expired/);
    url.searchParams.set('signature', '0'.repeat(64));
    const forged = await api.http.get(url.pathname + url.search);
    assert.equal(forged.status, 401);
    assert.equal(forged.body.errors[0].code, 'unauthorized');

    const removed = await api.as(me).delete(`/files/${created.id}`);
    assert.deepEqual(removed.body, { id: created.id, object: 'file', deleted: true });
    assert.equal((await api.as(me).get(`/files/${created.id}`)).status, 404);
    assert.equal((await download(created.url)).status, 404);
  });
});
