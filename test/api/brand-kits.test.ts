import { Readable } from 'node:stream';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { Client } from '@temporalio/client';
import { createBotActivities } from '../../activities/bots';
import type { ActivityDeps } from '../../activities';
import type { Providers } from '../../activities/providers';
import { RecallMeetingBotProvider } from '../../activities/providers/recall';
import { SimulatedMeetingBotProvider } from '../../activities/providers/simulated';
import type { BotLaunch, MeetingBotProvider } from '../../activities/providers/types';
import path from 'node:path';
import { LocalStorage, signMediaPath } from '../../runtime/storage';
import { testEnv } from '../support/env';
import { givenAccount, givenApi, grant, type TestApi } from '../support/api';
import { freshDatabase, silentLog } from '../support/db';
import { JPEG, PNG, SVG_WITH_SCRIPT } from '../support/images';
import { timeSkipping, type TemporalHarness } from '../support/temporal';

// No worker runs here: settings changes only write their fan-out commands; bots are launched by
// calling the launch activity directly with recording providers.
let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
let api: TestApi;
beforeAll(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
  api = await givenApi({ orm: db.orm, temporal: t.env.client, env: { TEMPORAL_TASK_QUEUE: t.taskQueue } });
});
afterAll(async () => {
  await t.teardown();
  await db.drop();
});

type Account = Awaited<ReturnType<typeof givenAccount>>;
type Kit = Record<string, any>;

const codes = (res: { body: { errors: { field?: string; code: string }[] } }) =>
  res.body.errors.map((e) => [e.field, e.code]);
async function uploadFile(who: Account, bytes: Buffer, filename = 'logo.png', workspaceId = who.workspaceId) {
  const res = await api.http
    .post('/api/v1/files')
    .set('Authorization', who.key)
    .field('workspace_id', workspaceId)
    .attach('file', bytes, { filename, contentType: 'application/octet-stream' });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { id: string; url: string };
}
async function createKit(who: Account, body: Record<string, unknown> = {}): Promise<Kit> {
  const res = await api.as(who).post('/brand_kits', { workspace_id: who.workspaceId, ...body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}
const bytesOf = (url: string) => {
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
/** The preview page of a link (its path and query, on the test app: APP_URL defaults to the API's origin). */
const openPreview = (url: string) => {
  const u = new URL(url);
  return api.http.get(u.pathname + u.search);
};
async function ownSettingsId(who: Account, workspaceId = who.workspaceId): Promise<string> {
  const res = await api.as(who).get('/settings', { workspace_id: workspaceId });
  return res.body.data.find((s: { own: boolean; name: string | null }) => s.own)!.id;
}
async function useKit(who: Account, kitId: string, workspaceId = who.workspaceId) {
  return api.as(who).patch(`/settings/${await ownSettingsId(who, workspaceId)}`, {
    branding: { brand_kit_id: kitId },
  });
}
/** The storage givenApi gives the API (the same folder). */
const mediaStorage = () => new LocalStorage(path.join(testEnv().tmp, `media-${process.pid}`));
/** A read without its signed URLs (they are signed afresh for every response). */
const withoutUrls = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(withoutUrls)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => k !== 'url')
            .map(([k, x]) => [k, withoutUrls(x)]),
        )
      : v;

describe('Creating and reading brand kits', () => {
  it('When a kit is created with nothing but its workspace, then every group has its default and a fresh ten-minute preview link', async () => {
    const me = await givenAccount(api);
    const kit = await createKit(me);
    assert.match(kit.id, /^brk_/);
    assert.equal(kit.object, 'brand_kit');
    assert.equal(kit.workspace_id, me.workspaceId);
    assert.deepEqual(kit.workspace_ids, []);
    assert.equal(kit.bot.name, `Workspace of ${me.email} Notetaker`);
    assert.deepEqual(kit.bot.tile, {
      type: 'default',
      color: { background_color: '#1f2937' },
      logo: { file: null, background_color: '#ffffff', scale: 1 },
      image: { file: null },
    });
    assert.equal(kit.bot.chat.enabled, true);
    assert.match(kit.bot.chat.recording_message, /recorded/);
    assert.match(kit.bot.chat.paused_message, /paused/);
    assert.deepEqual(kit.email, { type: 'default', default: {} });
    assert.deepEqual(kit.metadata, {});
    const expires = Date.parse(kit.preview_expires_at);
    assert.ok(Math.abs(expires - (Date.now() + 10 * 60_000)) < 5_000, 'the preview link is valid ten minutes');
    assert.equal(new URL(kit.preview_url).origin, 'http://api.test', 'served by the web application (APP_URL)');

    await new Promise((r) => setTimeout(r, 1100));
    const again = await api.as(me).get(`/brand_kits/${kit.id}`);
    assert.equal(again.status, 200);
    assert.notEqual(again.body.preview_url, kit.preview_url, 'every response carries a fresh link');
    assert.ok(Date.parse(again.body.preview_expires_at) > expires);
    const solo = await api.as(me).post('/brand_kits', { metadata: { plan: 'pro' } });
    assert.equal(solo.status, 201, 'workspace_id is optional for a key of one workspace');
    assert.equal(solo.body.workspace_id, me.workspaceId);
  });

  it('When keys other than the owner workspace’s owners and admins write, then 401 unauthorized; reads follow the workspace', async () => {
    const me = await givenAccount(api);
    const kit = await createKit(me);
    const member = await givenAccount(api, { workspace: false });
    await grant(api, member.email, me.workspaceId, 'member');
    const admin = await givenAccount(api, { workspace: false });
    await grant(api, admin.email, me.workspaceId, 'admin');
    const stranger = await givenAccount(api);

    const byMember = await api.as(member).post('/brand_kits', { workspace_id: me.workspaceId });
    assert.equal(byMember.status, 401);
    assert.deepEqual(byMember.body.errors[0], { code: 'unauthorized', message: 'Unauthorized' });
    assert.equal((await api.as(member).patch(`/brand_kits/${kit.id}`, { bot: { name: 'X' } })).status, 401);
    assert.equal((await api.as(member).get(`/brand_kits/${kit.id}`)).status, 200, 'a member reads it');
    assert.equal((await api.as(stranger).post('/brand_kits', { workspace_id: me.workspaceId })).status, 401);
    for (const res of [
      await api.as(stranger).patch(`/brand_kits/${kit.id}`, { bot: { name: 'X' } }),
      await api.as(stranger).delete(`/brand_kits/${kit.id}`),
    ]) {
      assert.equal(res.status, 401);
      assert.equal(res.body.errors[0].code, 'unauthorized');
    }
    assert.equal((await api.as(stranger).get(`/brand_kits/${kit.id}`)).status, 404);
    const listed = await api.as(stranger).get('/brand_kits', { workspace_id: me.workspaceId });
    assert.equal(listed.status, 401);
    const byAdmin = await api.as(admin).patch(`/brand_kits/${kit.id}`, { bot: { name: 'Admin’s bot' } });
    assert.equal(byAdmin.status, 200);
    assert.equal(byAdmin.body.bot.name, 'Admin’s bot');
    assert.equal((await api.as(me).get('/brand_kits/brk_00000000000000000000000000')).status, 404);
  });

  it('When a tile type is chosen, then each type keeps its own options while another is shown', async () => {
    const me = await givenAccount(api);
    const logo = await uploadFile(me, PNG);
    const kit = await createKit(me, {
      bot: { tile: { type: 'logo', logo: { file: logo.id, background_color: '#112233', scale: 0.5 } } },
    });
    assert.equal(kit.bot.tile.type, 'logo');
    assert.equal(kit.bot.tile.logo.file.id, logo.id);
    assert.deepEqual((await bytesOf(kit.bot.tile.logo.file.url)).body, PNG);
    const colour = await api.as(me).patch(`/brand_kits/${kit.id}`, {
      bot: { tile: { type: 'color', color: { background_color: '#abc' } } },
    });
    assert.equal(colour.status, 200, JSON.stringify(colour.body));
    assert.equal(colour.body.bot.tile.type, 'color');
    assert.equal(colour.body.bot.tile.color.background_color, '#abc');
    assert.equal(colour.body.bot.tile.logo.file.id, logo.id, 'the logo stays while the colour is shown');
    assert.equal(colour.body.bot.tile.logo.scale, 0.5);
    const back = await api.as(me).patch(`/brand_kits/${kit.id}`, { bot: { tile: { type: 'logo' } } });
    assert.equal(back.body.bot.tile.type, 'logo');
    assert.equal(back.body.bot.tile.logo.background_color, '#112233');

    const noImage = await api.as(me).patch(`/brand_kits/${kit.id}`, { bot: { tile: { type: 'image' } } });
    assert.equal(noImage.status, 422);
    assert.deepEqual(codes(noImage), [['bot.tile.image.file', 'missing']]);
    const bad = await api.as(me).patch(`/brand_kits/${kit.id}`, {
      bot: { tile: { type: 'video', color: { background_color: 'red' }, logo: { scale: 'big' } } },
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(
      new Map(codes(bad) as [string, string][]),
      new Map([
        ['bot.tile.type', 'inclusion'],
        ['bot.tile.color.background_color', 'invalid_format'],
        ['bot.tile.logo.scale', 'invalid_type'],
      ]),
    );
  });

  it('When a PATCH names fields at any depth, then only those change; a field the kit does not have is unknown_field with its dotted path', async () => {
    const me = await givenAccount(api);
    const kit = await createKit(me, {
      bot: { name: 'Acme Notes', chat: { recording_message: 'Recording now.' } },
      metadata: { team: 'sales', region: 'eu' },
    });
    const res = await api.as(me).patch(`/brand_kits/${kit.id}`, {
      bot: { chat: { paused_message: 'Paused for a moment.' } },
      metadata: { region: '' },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.bot.name, 'Acme Notes');
    assert.deepEqual(res.body.bot.chat, {
      enabled: true,
      recording_message: 'Recording now.',
      paused_message: 'Paused for a moment.',
    });
    assert.deepEqual(res.body.metadata, { team: 'sales' }, 'metadata merges; an empty value removes its key');

    const unknown = await api.as(me).patch(`/brand_kits/${kit.id}`, {
      bot: { tile: { logo: { size: 2 } }, avatar: 'x' },
      email: { branded: { cta: { colour: 'red' } } },
      bot_name: 'flat fields are gone at this version',
    });
    assert.equal(unknown.status, 422);
    assert.deepEqual(
      new Set(codes(unknown).map(([f, c]) => `${f}:${c}`)),
      new Set([
        'bot.tile.logo.size:unknown_field',
        'bot.avatar:unknown_field',
        'email.branded.cta.colour:unknown_field',
        'bot_name:unknown_field',
      ]),
    );
    const nested = await api.as(me).patch(`/brand_kits/${kit.id}`, { metadata: { deep: { x: 1 } } });
    assert.equal(nested.status, 422);
    assert.equal(nested.body.errors[0].field, 'metadata.deep');
    const readOnly = await api.as(me).patch(`/brand_kits/${kit.id}`, { workspace_ids: [me.workspaceId] });
    assert.deepEqual(codes(readOnly), [['workspace_ids', 'invalid']]);
    const unchanged = await api.as(me).get(`/brand_kits/${kit.id}`);
    assert.equal(unchanged.body.bot.chat.paused_message, 'Paused for a moment.', 'a refused write changes nothing');
  });

  it('When a read’s bot and email are sent back as they are, then nothing changes', async () => {
    const me = await givenAccount(api);
    const logo = await uploadFile(me, PNG);
    const image = await uploadFile(me, JPEG, 'photo.jpg');
    const kit = await createKit(me, {
      bot: { tile: { type: 'image', image: { file: image.id }, logo: { file: logo.id } } },
      email: {
        type: 'branded',
        branded: {
          logo: logo.id,
          color: '#ff5500',
          website: 'https://acme.example',
          description: 'Acme makes things.',
          cta: { type: 'link', link: { label: 'Open in Acme', url: 'https://acme.example/m/{{meeting_id}}' } },
        },
      },
    });
    const read = (await api.as(me).get(`/brand_kits/${kit.id}`)).body;
    const sent = await api.as(me).patch(`/brand_kits/${kit.id}`, { bot: read.bot, email: read.email });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.deepEqual(withoutUrls(sent.body.bot), withoutUrls(read.bot));
    assert.deepEqual(withoutUrls(sent.body.email), withoutUrls(read.email));
    assert.deepEqual((await bytesOf(sent.body.bot.tile.image.file.url)).body, JPEG, 'the image is the same copy');
  });

  it('When the email type changes, then only the object named after it is returned and the branded options are kept', async () => {
    const me = await givenAccount(api);
    const kit = await createKit(me, {
      email: { type: 'branded', branded: { color: '#123456', cta: { type: 'none' }, description: 'Hi' } },
    });
    assert.deepEqual(kit.email, {
      type: 'branded',
      branded: { logo: null, color: '#123456', website: null, description: 'Hi', cta: { type: 'none' } },
    });
    const plain = await api.as(me).patch(`/brand_kits/${kit.id}`, { email: { type: 'default' } });
    assert.deepEqual(plain.body.email, { type: 'default', default: {} });
    const again = await api.as(me).patch(`/brand_kits/${kit.id}`, { email: { type: 'branded' } });
    assert.equal(again.body.email.branded.color, '#123456', 'branded options stay stored while default');
    const link = await api.as(me).patch(`/brand_kits/${kit.id}`, { email: { branded: { cta: { type: 'link' } } } });
    assert.equal(link.status, 422);
    assert.deepEqual(codes(link), [
      ['email.branded.cta.link.label', 'missing'],
      ['email.branded.cta.link.url', 'missing'],
    ]);
    const badUrl = await api.as(me).patch(`/brand_kits/${kit.id}`, {
      email: { branded: { cta: { type: 'link', link: { label: 'Go', url: 'javascript:alert(1)' } } } },
    });
    assert.deepEqual(codes(badUrl), [['email.branded.cta.link.url', 'invalid_format']]);
  });

  it('When the file a kit copied is replaced or deleted, then the kit keeps its image', async () => {
    const me = await givenAccount(api);
    const file = await uploadFile(me, PNG);
    const kit = await createKit(me, { bot: { tile: { type: 'logo', logo: { file: file.id } } } });
    // Replace the file's bytes behind its back (the API's storage), then delete it through the API.
    await mediaStorage().put(`files/${file.id}`, JPEG);
    assert.deepEqual((await bytesOf(file.url)).body, JPEG, 'the file now holds other bytes');
    assert.equal((await api.as(me).delete(`/files/${file.id}`)).status, 200);
    const read = (await api.as(me).get(`/brand_kits/${kit.id}`)).body;
    assert.equal(read.bot.tile.logo.file.id, file.id);
    const image = await bytesOf(read.bot.tile.logo.file.url);
    assert.equal(image.status, 200);
    assert.deepEqual(image.body, PNG);
    assert.equal(image.headers['content-type'], 'image/png');
    assert.equal(image.headers['x-content-type-options'], 'nosniff');
    const sentBack = await api.as(me).patch(`/brand_kits/${kit.id}`, { bot: read.bot });
    assert.equal(sentBack.status, 200, 'a read naming the deleted file is still the kit’s own image');
    const gone = await api.as(me).patch(`/brand_kits/${kit.id}`, { email: { branded: { logo: file.id } } });
    assert.deepEqual(codes(gone), [['email.branded.logo', 'invalid']]);
    const stranger = await givenAccount(api);
    const theirs = await uploadFile(stranger, PNG);
    const foreign = await api.as(me).patch(`/brand_kits/${kit.id}`, { bot: { tile: { image: { file: theirs.id } } } });
    assert.deepEqual(codes(foreign), [['bot.tile.image.file', 'invalid']], 'a file of another account is not usable');
  });

  it('When an SVG logo is in a kit, then its copy downloads as an attachment', async () => {
    const me = await givenAccount(api);
    const svg = await uploadFile(me, SVG_WITH_SCRIPT, 'logo.svg');
    const kit = await createKit(me, { bot: { tile: { type: 'logo', logo: { file: { id: svg.id, url: svg.url } } } } });
    const got = await bytesOf(kit.bot.tile.logo.file.url);
    assert.equal(got.headers['content-type'], 'image/svg+xml');
    assert.match(got.headers['content-disposition']!, /^attachment/);
    assert.match(got.headers['content-security-policy']!, /default-src 'none'/);
    const u = new URL(kit.bot.tile.logo.file.url);
    u.searchParams.set('signature', 'f'.repeat(64));
    assert.equal((await api.http.get(u.pathname + u.search)).status, 401);
  });
});

describe('Preview pages', () => {
  it('When the preview link is opened without a key, then the page shows the saved tile, chat messages and summary email', async () => {
    const me = await givenAccount(api);
    const logo = await uploadFile(me, PNG);
    const kit = await createKit(me, {
      bot: {
        name: 'Acme <Notes>',
        tile: { type: 'logo', logo: { file: logo.id, background_color: '#0a0b0c' } },
        chat: { recording_message: 'Acme is recording.', paused_message: 'Acme paused.' },
      },
      email: {
        type: 'branded',
        branded: {
          logo: logo.id,
          color: '#ff5500',
          cta: { type: 'link', link: { label: 'See notes', url: 'https://acme.example/m/{{meeting_id}}' } },
        },
      },
    });
    const page = await openPreview(kit.preview_url);
    assert.equal(page.status, 200);
    assert.match(page.headers['content-type']!, /^text\/html/);
    const html = page.text;
    assert.match(html, /Acme &lt;Notes&gt;/, 'the name, escaped');
    assert.doesNotMatch(html, /<Notes>/);
    assert.match(html, /data-type="logo" style="background:#0a0b0c"/);
    assert.match(html, /Acme is recording\./);
    assert.match(html, /Acme paused\./);
    assert.match(html, /border-top:6px solid #ff5500/);
    assert.match(html, /class="mail-logo"/);
    assert.match(html, /href="https:\/\/acme.example\/m\/mtg_preview">See notes</);
    assert.doesNotMatch(html, /<script/i);
    const imageUrl = /class="mail-logo" alt="" src="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    assert.deepEqual((await bytesOf(imageUrl)).body, PNG);

    // The page shows the kit as saved now.
    await api.as(me).patch(`/brand_kits/${kit.id}`, { bot: { chat: { enabled: false } }, email: { type: 'default' } });
    const later = (await openPreview(kit.preview_url)).text;
    assert.match(later, /sends no chat messages/);
    assert.match(later, />Open meeting</);
    assert.doesNotMatch(later, /See notes/);
  });

  it('When the preview link has expired or was altered, then a plain page says so', async () => {
    const me = await givenAccount(api);
    const kit = await createKit(me);
    const secret = api.config.signingSecret!;
    const past = signMediaPath(secret, `brand_kit_previews/${kit.id}`, new Date(Date.now() - 1000));
    const expired = await api.http.get(`/brand_kit_previews/${kit.id}${past.slice(past.indexOf('?'))}`);
    assert.equal(expired.status, 410);
    assert.match(expired.text, /expired/);
    // The web application's page saying so, without the kit (its chat message is nowhere on it).
    assert.ok(!expired.text.includes(kit.bot.chat.recording_message), 'the kit is not shown');
    const u = new URL(kit.preview_url);
    u.searchParams.set('signature', '0'.repeat(64));
    const forged = await api.http.get(u.pathname + u.search);
    assert.equal(forged.status, 404);
    assert.match(forged.text, /not valid/);
    const other = await createKit(me);
    const swapped = await api.http.get(`/brand_kit_previews/${other.id}${new URL(kit.preview_url).search}`);
    assert.equal(swapped.status, 404, 'a link signs one kit only');
    const almost = signMediaPath(secret, `brand_kit_previews/${kit.id}`, new Date(Date.now() + 5000));
    const stillValid = await api.http.get(`/brand_kit_previews/${kit.id}${almost.slice(almost.indexOf('?'))}`);
    assert.equal(stillValid.status, 200, 'valid until its expiry');
  });
});

describe('Using a kit through settings', () => {
  it('When branding.brand_kit_id names a kit the workspace may use, then it is taken and workspace_ids shows it; another account’s kit is 422 invalid', async () => {
    const me = await givenAccount(api);
    const kit = await createKit(me);
    const used = await useKit(me, kit.id);
    assert.equal(used.status, 200, JSON.stringify(used.body));
    assert.equal(used.body.branding.brand_kit_id, kit.id);
    const ws = await api.as(me).get(`/workspaces/${me.workspaceId}`);
    assert.equal(ws.body.settings.branding.brand_kit_id, kit.id);
    assert.deepEqual((await api.as(me).get(`/brand_kits/${kit.id}`)).body.workspace_ids, [me.workspaceId]);

    // A second workspace of the same account may use the first one's kit; the list shows it there.
    const second = (await api.as(me).post('/workspaces', { name: 'Second' })).body;
    const shared = await useKit(me, kit.id, second.id);
    assert.equal(shared.status, 200, JSON.stringify(shared.body));
    const read = (await api.as(me).get(`/brand_kits/${kit.id}`)).body;
    assert.deepEqual(new Set(read.workspace_ids), new Set([me.workspaceId, second.id]));
    const listed = await api.as(me).get('/brand_kits', { workspace_id: second.id });
    assert.deepEqual(
      listed.body.data.map((k: Kit) => k.id),
      [kit.id],
    );

    const stranger = await givenAccount(api);
    const theirs = await createKit(stranger);
    for (const value of [theirs.id, 'brk_00000000000000000000000000']) {
      const res = await useKit(me, value);
      assert.equal(res.status, 422);
      assert.deepEqual(codes(res), [['branding.brand_kit_id', 'invalid']]);
    }
    const malformed = await useKit(me, 'brand-kit');
    assert.deepEqual(codes(malformed), [['branding.brand_kit_id', 'invalid']]);

    // A key in the using workspace only (not the owner's) sees the kit without its owner.
    const guestOfSecond = await givenAccount(api, { workspace: false });
    await grant(api, guestOfSecond.email, second.id, 'member');
    const seen = (await api.as(guestOfSecond).get(`/brand_kits/${kit.id}`)).body;
    assert.equal(seen.workspace_id, null);
    assert.deepEqual(seen.workspace_ids, [second.id]);
  });

  it('When workspace_ids is emptied, then the workspaces stop using the kit, which can then be deleted', async () => {
    const me = await givenAccount(api);
    const kit = await createKit(me);
    assert.equal((await useKit(me, kit.id)).status, 200);
    const refused = await api.as(me).delete(`/brand_kits/${kit.id}`);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.errors[0].code, 'settings_in_use');
    const emptied = await api.as(me).patch(`/brand_kits/${kit.id}`, { workspace_ids: [] });
    assert.equal(emptied.status, 200, JSON.stringify(emptied.body));
    assert.deepEqual(emptied.body.workspace_ids, []);
    const ws = await api.as(me).get(`/workspaces/${me.workspaceId}`);
    assert.equal(ws.body.settings.branding.brand_kit_id, 'none');
    const deleted = await api.as(me).delete(`/brand_kits/${kit.id}`);
    assert.deepEqual(deleted.body, { id: kit.id, object: 'brand_kit', deleted: true });
    assert.equal((await api.as(me).get(`/brand_kits/${kit.id}`)).status, 404);
    assert.equal((await openPreview(kit.preview_url)).status, 404);
  });

  it('When an admin of another account empties workspace_ids, then settings only the creating account may change keep the kit', async () => {
    const me = await givenAccount(api);
    const kit = await createKit(me);
    const named = await api
      .as(me)
      .post('/settings', { workspace_id: me.workspaceId, name: 'Everywhere', branding: { brand_kit_id: kit.id } });
    assert.equal(named.status, 201, JSON.stringify(named.body));
    const assigned = await api
      .as(me)
      .post('/settings_assignments', { settings_id: named.body.id, scope: [`accounts:${me.accountId}`] });
    assert.equal(assigned.status, 201, JSON.stringify(assigned.body));
    const admin = await givenAccount(api, { workspace: false });
    await grant(api, admin.email, me.workspaceId, 'admin');
    const emptied = await api.as(admin).patch(`/brand_kits/${kit.id}`, { workspace_ids: [] });
    assert.equal(emptied.status, 200, JSON.stringify(emptied.body));
    const kept = await api.as(me).get(`/settings/${named.body.id}`);
    assert.equal(kept.body.branding.brand_kit_id, kit.id);
  });
});

describe('The meeting-bot provider gets the meeting’s kit', () => {
  function launcher(provider: MeetingBotProvider) {
    return createBotActivities({
      orm: api.orm,
      log: silentLog,
      temporal: t.env.client,
      providers: { meetingBot: provider } as Providers,
      storage: mediaStorage(),
      taskQueue: t.taskQueue,
      allowLoopbackWebhooks: true,
    } as ActivityDeps);
  }
  async function sendBot(who: Account, body: Record<string, unknown> = {}) {
    const res = await api.as(who).post('/bots', {
      workspace_id: who.workspaceId,
      meeting_url: 'https://meet.google.com/abc-defg-hij',
      join_at: new Date(Date.now() + 86_400_000).toISOString(),
      ...body,
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { id: string };
  }

  it('When a meeting resolves a kit, then the launch carries its name, tile image bytes and chat messages; a bot_name sent with the bot wins', async () => {
    const me = await givenAccount(api);
    const image = await uploadFile(me, JPEG, 'face.jpg');
    const kit = await createKit(me, {
      bot: {
        name: 'Acme Notetaker',
        tile: { type: 'image', image: { file: image.id } },
        chat: { recording_message: 'Acme records this call.', paused_message: 'Acme paused.' },
      },
    });
    assert.equal((await useKit(me, kit.id)).status, 200);
    const launches: BotLaunch[] = [];
    const recorder: MeetingBotProvider = {
      name: 'recorder',
      launch: async (b) => {
        launches.push(b);
        return { providerBotId: `rec_${b.botId}` };
      },
      leave: async () => undefined,
      fetchRecording: async () => ({ audio: Readable.from([]), durationSeconds: 0 }),
    };
    const activities = launcher(recorder);
    const plain = await sendBot(me);
    assert.equal((await activities.launchBot(plain.id)).outcome, 'launched');
    const named = await sendBot(me, { bot_name: 'Sales Bot' });
    await activities.launchBot(named.id);
    const [first, second] = launches;
    assert.equal(first!.botName, 'Acme Notetaker');
    assert.equal(first!.branding!.brandKitId, kit.id);
    assert.equal(first!.branding!.tile.type, 'image');
    assert.deepEqual(Buffer.from(first!.branding!.tile.image!.base64, 'base64'), JPEG);
    assert.deepEqual(first!.branding!.chat, {
      enabled: true,
      recordingMessage: 'Acme records this call.',
      pausedMessage: 'Acme paused.',
    });
    assert.equal(second!.botName, 'Sales Bot', 'the bot’s own name wins');
    assert.equal(second!.branding!.brandKitId, kit.id);

    // The simulated provider records the call as it shows the bot (its playCall signal to the
    // workflow playing its call).
    const starts: unknown[] = [];
    const fakeClient = {
      connection: { withDeadline: (_d: number, fn: () => Promise<unknown>) => fn() },
      workflow: {
        signalWithStart: async (_type: string, opts: { signal: string; signalArgs: unknown[] }) => {
          assert.equal(opts.signal, 'playCall');
          starts.push(opts.signalArgs[0]);
          return {};
        },
      },
    } as unknown as Client;
    await new SimulatedMeetingBotProvider(fakeClient, 'q', 30).launch(first!);
    assert.deepEqual((starts[0] as { call: unknown }).call, {
      botName: 'Acme Notetaker',
      brandKitId: kit.id,
      tile: {
        type: 'image',
        backgroundColor: null,
        scale: null,
        image: { fileId: image.id, contentType: 'image/jpeg', bytes: JPEG.length },
      },
      chat: { enabled: true, recordingMessage: 'Acme records this call.', pausedMessage: 'Acme paused.' },
    });

    // The hosted bot API is asked for the name, the JPEG tile and the chat message.
    const requests: { url: string; body: any }[] = [];
    const fakeFetch = (async (url: string, init: { body: string }) => {
      requests.push({ url, body: JSON.parse(init.body) });
      return new Response(JSON.stringify({ id: 'rb_1' }), { status: 201 });
    }) as unknown as typeof fetch;
    await new RecallMeetingBotProvider({ baseUrl: 'http://recall.test', apiKey: 'k', fetch: fakeFetch }).launch(first!);
    const sent = requests[0]!.body;
    assert.equal(sent.bot_name, 'Acme Notetaker');
    assert.deepEqual(sent.automatic_video_output, {
      in_call_recording: { kind: 'jpeg', b64_data: JPEG.toString('base64') },
    });
    assert.deepEqual(sent.chat, { on_bot_join: { send_to: 'everyone', message: 'Acme records this call.' } });
    assert.equal(sent.metadata.notetaker_brand_kit_id, kit.id);

    // Without a kit, the bot launches undressed.
    const other = await givenAccount(api);
    launches.length = 0;
    await launcher(recorder).launchBot((await sendBot(other)).id);
    assert.equal(launches[0]!.branding, null);
    assert.equal(launches[0]!.botName, 'Notetaker');
  });
});

describe('Brand kits at older versions', () => {
  it('When a key pinned before 2026-10-12 reads and writes kits, then it sees the flat fields; before 2026-10-09 the integer workspace id', async () => {
    const me = await givenAccount(api, { pin: '2026-10-10' });
    const logo = await uploadFile(me, PNG);
    const created = await api.as(me).post('/brand_kits', {
      workspace_id: me.workspaceId,
      bot_name: 'Old Bot',
      logo_url: logo.id,
      background_color: '#000000',
      chat_message: 'Old recording message.',
      brand_color: '#ff0000',
      brand_url: 'https://old.example',
      apply_branding_to_summary_emails: true,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const k = created.body;
    assert.equal(k.workspace_id, me.workspaceId);
    assert.equal(k.bot, undefined);
    assert.equal(k.email, undefined);
    assert.equal(k.bot_name, 'Old Bot');
    assert.equal(k.background_color, '#000000');
    assert.equal(k.logo_scale, 1);
    assert.deepEqual((await bytesOf(k.logo_url)).body, PNG);
    assert.equal(k.custom_thumbnail_url, null);
    assert.equal(k.send_chat_message, true);
    assert.equal(k.chat_message, 'Old recording message.');
    assert.match(k.chat_message_paused, /paused/);
    assert.equal(k.brand_color, '#ff0000');
    assert.equal(k.brand_url, 'https://old.example');
    assert.equal(k.brand_description, null);
    assert.equal(k.apply_branding_to_summary_emails, true);
    assert.ok(k.preview_url && k.preview_expires_at, 'preview links are additive on every version');

    const newest = await api.as(me).get(`/brand_kits/${k.id}`).set('Service-Version', '2026-10-12');
    assert.equal(newest.body.bot.name, 'Old Bot');
    assert.equal(newest.body.bot.tile.type, 'logo');
    assert.equal(newest.body.email.branded.logo.id, logo.id);

    const off = await api.as(me).patch(`/brand_kits/${k.id}`, { apply_branding_to_summary_emails: false });
    assert.equal(off.body.apply_branding_to_summary_emails, false);
    assert.equal(off.body.brand_color, '#ff0000', 'the branded options still read while the email is default');

    const older = await api.as(me).get(`/brand_kits/${k.id}`).set('Service-Version', '2026-09-25');
    const ws = await api.orm.em
      .fork()
      .execute<{ legacy_id: number }[]>('select legacy_id from workspaces where id = ?', [me.workspaceId]);
    assert.equal(older.body.workspace_id, Number(ws[0]!.legacy_id));
    assert.equal(typeof older.body.workspace_id, 'number');
  });

  it('When an older pin uses GET and PATCH /workspaces/{id}/brand_kit, then they work with the deprecation headers; from 2026-10-12 they are 404', async () => {
    const me = await givenAccount(api, { pin: '2026-10-10' });
    const none = await api.as(me).get(`/workspaces/${me.workspaceId}/brand_kit`);
    assert.equal(none.status, 404);
    assert.match(none.body.errors[0].message, /no brand kit yet/);
    assert.equal(none.headers.deprecation, '@1791763200');
    assert.match(none.headers.link!, /rel="deprecation"/);
    const patched = await api.as(me).patch(`/workspaces/${me.workspaceId}/brand_kit`, {
      bot_name: 'Workspace Bot',
      send_chat_message: false,
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.equal(patched.body.bot_name, 'Workspace Bot');
    assert.equal(patched.body.send_chat_message, false);
    assert.deepEqual(patched.body.workspace_ids, [me.workspaceId], 'the new kit is the workspace’s');
    assert.equal(patched.headers.deprecation, '@1791763200');
    const read = await api.as(me).get(`/workspaces/${me.workspaceId}/brand_kit`);
    assert.equal(read.body.id, patched.body.id);
    const again = await api.as(me).patch(`/workspaces/${me.workspaceId}/brand_kit`, { chat_message: 'Hi' });
    assert.equal(again.body.id, patched.body.id, 'the same kit changes');
    assert.equal(again.body.bot_name, 'Workspace Bot');

    for (const res of [
      await api.as(me).get(`/workspaces/${me.workspaceId}/brand_kit`).set('Service-Version', '2026-10-12'),
      await api.as(me).patch(`/workspaces/${me.workspaceId}/brand_kit`, {}).set('Service-Version', '2026-10-12'),
    ]) {
      assert.equal(res.status, 404);
      assert.match(
        res.body.errors[0].message,
        /removed in version 2026-10-12: use (GET \/brand_kits\?workspace_id=|PATCH \/brand_kits\/\{id\})/,
      );
    }
  });
});
