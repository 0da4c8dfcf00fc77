import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { SimulatedCalendar } from '../../activities/providers/calendar/simulated';
import { grantAccess } from '../../services/accounts';
import { temporalGateway } from '../../runtime/temporal-gateway';
import { startDispatcher, type Dispatcher } from '../../worker/dispatcher';
import { givenAccount, givenApi, grant, type TestApi } from '../support/api';
import { calendarHelpers, inDays } from '../support/calendars';
import { freshDatabase, silentLog } from '../support/db';
import { timeSkipping, type TemporalHarness } from '../support/temporal';
import { until } from '../support/until';

// Each code of the spec's "Codes by status" table that this service added a condition for (README ›
// Error codes). No worker runs: bots stay queued unless a test moves one; the outbox dispatcher runs,
// so webhook deliveries are fanned out after commit as in production.
let db: Awaited<ReturnType<typeof freshDatabase>>;
let t: TemporalHarness;
let api: TestApi;
let dispatcher: Dispatcher;

beforeAll(async () => {
  db = await freshDatabase();
  t = await timeSkipping();
  api = await givenApi({
    orm: db.orm,
    temporal: t.env.client,
    env: { TEMPORAL_TASK_QUEUE: t.taskQueue, ALLOW_LOOPBACK_WEBHOOKS: 'true' },
  });
  dispatcher = startDispatcher({
    allowLoopbackWebhooks: true,
    orm: db.orm,
    log: silentLog,
    gateway: temporalGateway(t.env.client, { taskQueue: t.taskQueue, deadlineMs: 10_000 }),
    pollMs: 200,
  });
});
afterAll(async () => {
  await dispatcher.stop();
  await t.teardown();
  await db.drop();
});

type Res = { status: number; body: { errors: { code: string; field?: string }[] } };
const expectError = (res: Res, status: number, code: string, field?: string) => {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.errors[0]!.code, code);
  if (field !== undefined) assert.equal(res.body.errors[0]!.field, field);
};

async function guestOf(workspaceId: string) {
  const guest = await givenAccount(api, { workspace: false });
  await grant(api, guest.email, workspaceId, 'guest');
  return guest;
}

async function memberOf(owner: Awaited<ReturnType<typeof givenAccount>>, body: Record<string, unknown>) {
  const res = await api.as(owner).post('/members', { workspace_id: owner.workspaceId, ...body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { id: string; settings: { assignments: { settings_id: string }[] } };
}

/** The settings id of a meeting's own settings (its first assignment is its own). */
async function ownSettingsOf(owner: { key: string }, meetingId: string): Promise<string> {
  const meeting = (await api.as(owner).get(`/meetings/${meetingId}`)).body;
  return meeting.settings.assignments.find((a: { own: boolean }) => a.own).settings_id;
}

describe('403', () => {
  it('When an account that is only a guest creates a workspace, then 403 workspace_creation_not_allowed', async () => {
    const owner = await givenAccount(api);
    const guest = await guestOf(owner.workspaceId);
    expectError(await api.as(guest).post('/workspaces', { name: 'Mine' }), 403, 'workspace_creation_not_allowed');
    const fresh = await givenAccount(api, { workspace: false });
    assert.equal((await api.as(fresh).post('/workspaces', { name: 'Mine' })).status, 201, 'no role yet: allowed');
  });

  it('When a guest lists workspace-wide bots or calendar connections, then 403 workspace_access_not_allowed', async () => {
    const owner = await givenAccount(api);
    const guest = await guestOf(owner.workspaceId);
    expectError(
      await api.as(guest).get('/bots', { workspace_id: owner.workspaceId }),
      403,
      'workspace_access_not_allowed',
    );
    expectError(
      await api.as(guest).get('/calendar_connections', { workspace_id: owner.workspaceId }),
      403,
      'workspace_access_not_allowed',
    );
  });
});

describe('409', () => {
  it('When the member who is the workspace owner is removed, then 409 workspace_owner', async () => {
    const owner = await givenAccount(api);
    const self = await memberOf(owner, { name: 'Me', email: owner.email.toUpperCase() });
    expectError(await api.as(owner).delete(`/members/${self.id}`), 409, 'workspace_owner');
    const other = await memberOf(owner, { name: 'Other', email: 'other@acme.test' });
    assert.equal((await api.as(owner).delete(`/members/${other.id}`)).status, 200);
  });

  it('When a connect link is made for a member whose calendar of that provider already works, then 409 calendar_already_connected', async () => {
    const owner = await givenAccount(api);
    const h = calendarHelpers(api, new SimulatedCalendar(db.orm));
    const link = await h.createLink(owner.key, {
      workspace_id: owner.workspaceId,
      member_data: { name: 'Ann', email: `ann-${Date.now()}@acme.test` },
    });
    const memberId = (await h.consent(link.url)).searchParams.get('member_id')!;
    const again = await api.as(owner).post('/calendar_connect_links', {
      member_id: memberId,
      provider: 'google',
      return_url: 'https://app.example.com/done',
    });
    expectError(again, 409, 'calendar_already_connected');
    const otherProvider = await api.as(owner).post('/calendar_connect_links', {
      member_id: memberId,
      provider: 'microsoft',
      return_url: 'https://app.example.com/done',
    });
    assert.equal(otherProvider.status, 201);
  });

  it("When a meeting's own settings change while it is being recorded, then 409 meeting_live", async () => {
    const owner = await givenAccount(api);
    const bot = (
      await api
        .as(owner)
        .post('/bots', { workspace_id: owner.workspaceId, meeting_url: 'https://meet.google.com/liv-eabc-def' })
    ).body;
    // The bot is in the call (as the provider's callbacks would leave it): the meeting is live.
    await db.orm.em.fork().execute(`update bots set status = 'in_call', joined_at = now() where id = ?`, [bot.id]);
    assert.equal((await api.as(owner).get(`/meetings/${bot.meeting_id}`)).body.phase, 'live');
    const settingsId = await ownSettingsOf(owner, bot.meeting_id);
    expectError(
      await api.as(owner).patch(`/settings/${settingsId}`, { recording: { enabled: false } }),
      409,
      'meeting_live',
    );
  });

  it('When a cancellation is pushed for an occurrence never pushed, then 409 no_calendar_event and no meeting appears', async () => {
    const owner = await givenAccount(api);
    const res = await api.as(owner).post('/calendar_events', {
      workspace_id: owner.workspaceId,
      ical_uid: 'never-pushed@acme.test',
      starts_at: inDays(3),
      cancelled: true,
    });
    expectError(res, 409, 'no_calendar_event');
    const listed = await api.as(owner).get('/meetings', { workspace_id: owner.workspaceId, phase: 'cancelled' });
    assert.equal(listed.body.data.length, 0);
  });

  it("When a past or cancelled meeting's own settings change, then 409 meeting_not_upcoming", async () => {
    const owner = await givenAccount(api);
    for (const extra of [
      { starts_at: inDays(-2), ends_at: inDays(-2, 11) },
      { starts_at: inDays(2), cancelled: true },
    ]) {
      const ical_uid = `old-${Math.random()}@acme.test`;
      // A cancellation names an occurrence pushed before.
      if (extra.cancelled)
        await api
          .as(owner)
          .post('/calendar_events', { workspace_id: owner.workspaceId, ical_uid, starts_at: extra.starts_at });
      const event = await api
        .as(owner)
        .post('/calendar_events', { workspace_id: owner.workspaceId, ical_uid, ...extra });
      assert.ok(event.status === 201 || event.status === 200, JSON.stringify(event.body));
      const settingsId = await ownSettingsOf(owner, event.body.meeting_id);
      expectError(
        await api.as(owner).patch(`/settings/${settingsId}`, { transcription: { language: 'fr' } }),
        409,
        'meeting_not_upcoming',
      );
    }
  });

  it("When a member-role key pushes an occurrence held by another member's calendar, then 409 shared_meeting", async () => {
    const owner = await givenAccount(api);
    const ann = await memberOf(owner, { name: 'Ann' });
    const bob = await memberOf(owner, { name: 'Bob' });
    const bobKey = await givenAccount(api, { workspace: false });
    await grantAccess(api.orm.em.fork(), {
      email: bobKey.email,
      workspaceId: owner.workspaceId,
      role: 'member',
      memberId: bob.id,
    });
    const event = { workspace_id: owner.workspaceId, ical_uid: 'shared-1@acme.test', starts_at: inDays(3) };
    assert.equal((await api.as(owner).post('/calendar_events', { ...event, member_id: ann.id })).status, 201);
    expectError(await api.as(bobKey).post('/calendar_events', { ...event, title: 'Mine now' }), 409, 'shared_meeting');
  });
});

describe('410', () => {
  it('When an event is redelivered to a removed endpoint, then 410 gone', async () => {
    const owner = await givenAccount(api);
    const endpoint = await api.as(owner).post('/webhook_endpoints', {
      workspace_id: owner.workspaceId,
      url: 'https://127.0.0.1:9/hook',
      enabled_events: ['meeting.created'],
    });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
    await api
      .as(owner)
      .post('/bots', { workspace_id: owner.workspaceId, meeting_url: 'https://meet.google.com/gon-eabc-def' });
    const event = await until(
      async () =>
        (await api.as(owner).get('/webhook_events', { workspace_id: owner.workspaceId, endpoint_id: endpoint.body.id }))
          .body.data[0] as { id: string } | undefined,
      { what: 'the event fanned out to the endpoint', accept: (e) => e !== undefined, timeoutMs: 15_000 },
    );
    assert.equal((await api.as(owner).delete(`/webhook_endpoints/${endpoint.body.id}`)).status, 200);
    expectError(
      await api.as(owner).post(`/webhook_events/${event!.id}/redeliver`, { endpoint_id: endpoint.body.id }),
      410,
      'gone',
    );
  });
});

describe('422', () => {
  it('When a connect link names a calendar account another member has connected, then 422 shared_account', async () => {
    const owner = await givenAccount(api);
    const h = calendarHelpers(api, new SimulatedCalendar(db.orm));
    const email = `shared-${Date.now()}@acme.test`;
    const link = await h.createLink(owner.key, {
      workspace_id: owner.workspaceId,
      member_data: { name: 'Ann', email },
    });
    await h.consent(link.url);
    const again = await api.as(owner).post('/calendar_connect_links', {
      workspace_id: owner.workspaceId,
      member_data: { name: 'Bob', email: email.toUpperCase() },
      return_url: 'https://app.example.com/done',
    });
    expectError(again, 422, 'shared_account', 'member_data.email');
  });

  it('When a bot is sent to a Zoom registration page, then 422 not_available on meeting_url', async () => {
    const owner = await givenAccount(api);
    expectError(
      await api
        .as(owner)
        .post('/bots', { workspace_id: owner.workspaceId, meeting_url: 'https://zoom.us/webinar/register/WN_abc' }),
      422,
      'not_available',
      'meeting_url',
    );
  });

  it('When a disabled webhook endpoint is sent a test event, then 422 unavailable', async () => {
    const owner = await givenAccount(api);
    const endpoint = await api.as(owner).post('/webhook_endpoints', {
      workspace_id: owner.workspaceId,
      url: 'https://127.0.0.1:9/hook',
      enabled_events: ['*'],
    });
    assert.equal((await api.as(owner).patch(`/webhook_endpoints/${endpoint.body.id}`, { enabled: false })).status, 200);
    expectError(await api.as(owner).post(`/webhook_endpoints/${endpoint.body.id}/test`, {}), 422, 'unavailable');
  });

  it('When a bot is sent to a call of a service the notetaker cannot join, then 422 not_supported on meeting_url', async () => {
    const owner = await givenAccount(api);
    expectError(
      await api
        .as(owner)
        .post('/bots', { workspace_id: owner.workspaceId, meeting_url: 'https://acme.webex.com/meet/board' }),
      422,
      'not_supported',
      'meeting_url',
    );
  });

  it("When a bot or settings name another workspace's summary template, then 422 unusable_setting", async () => {
    const owner = await givenAccount(api);
    const other = await givenAccount(api);
    const theirs = await api
      .as(other)
      .post('/summary_templates', { workspace_id: other.workspaceId, name: 'Theirs', sections: [{ title: 'A' }] });
    assert.equal(theirs.status, 201);
    expectError(
      await api.as(owner).post('/bots', {
        workspace_id: owner.workspaceId,
        meeting_url: 'https://meet.google.com/tpl-abcd-efg',
        summary_template: theirs.body.id,
      }),
      422,
      'unusable_setting',
      'summary_template',
    );
  });

  it('When an admin of another account changes a value an account-level assignment fixes, then 422 enforced on that path', async () => {
    const owner = await givenAccount(api);
    const fixed = await api
      .as(owner)
      .post('/settings', { workspace_id: owner.workspaceId, summary: { language: 'de' } });
    assert.equal(
      (
        await api
          .as(owner)
          .post('/settings_assignments', { settings_id: fixed.body.id, scope: [`accounts:${owner.accountId}`] })
      ).status,
      201,
    );
    const admin = await givenAccount(api, { workspace: false });
    await grant(api, admin.email, owner.workspaceId, 'admin');
    const workspaceOwn = (await api.as(owner).get(`/workspaces/${owner.workspaceId}`)).body.settings.assignments.find(
      (a: { own: boolean }) => a.own,
    ).settings_id;
    expectError(
      await api.as(admin).patch(`/settings/${workspaceOwn}`, { summary: { language: 'fr' } }),
      422,
      'enforced',
      'summary.language',
    );
    assert.equal(
      (await api.as(admin).patch(`/settings/${workspaceOwn}`, { transcription: { language: 'fr' } })).status,
      200,
      'a path the account leaves open stays writable',
    );
    assert.equal(
      (await api.as(owner).patch(`/settings/${workspaceOwn}`, { summary: { language: 'fr' } })).status,
      200,
      'the account itself may set it below',
    );
  });
});
