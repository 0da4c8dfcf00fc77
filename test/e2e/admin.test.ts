import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { projectRoot } from '../../runtime/paths';
import { givenAccount, givenApi, type TestApi } from '../support/api';
import { freshDatabase } from '../support/db';

const run = promisify(execFile);
let db: Awaited<ReturnType<typeof freshDatabase>>;
let api: TestApi;

beforeAll(async () => {
  db = await freshDatabase();
  api = await givenApi({ orm: db.orm, env: { ALLOW_LOOPBACK_WEBHOOKS: 'true' } });
});
afterAll(() => db.drop());

/** `npm run admin -- …` as an operator runs it, against the test database; its one JSON answer. */
async function admin(...args: string[]): Promise<any> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: projectRoot(),
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      TEMPORAL_UI_URL: 'http://127.0.0.1:8233',
      SIGNING_SECRET: 'test-signing-secret-of-at-least-32-chars',
    },
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

describe('npm run admin', () => {
  it('When an operator lists and disables users, then the list shows them and a disabled key answers 401', async () => {
    const me = await givenAccount(api);
    assert.equal((await api.as(me).get('/workspaces')).status, 200);
    const users = (await admin('list-users')) as { email: string; workspaces: number; disabled_at: string | null }[];
    const mine = users.find((u) => u.email === me.email)!;
    assert.equal(mine.workspaces, 1);
    assert.equal(mine.disabled_at, null);
    assert.deepEqual(await admin('disable-user', '--email', me.email), {
      email: me.email,
      account_id: (
        await db.orm.em.fork().execute<{ id: string }[]>('select id from accounts where email = ?', [me.email])
      )[0]!.id,
      disabled: true,
    });
    const refused = await api.as(me).get('/workspaces');
    assert.equal(refused.status, 401);
    assert.equal(refused.body.errors[0].code, 'invalid_api_key');
    assert.ok((await admin('list-users')).find((u: { email: string }) => u.email === me.email).disabled_at);
  }, 120_000);

  it('When an operator asks for a workspace’s workflows, then the Temporal UI link filters on its WorkspaceId', async () => {
    const out = await admin('workflows', '--workspace', 'wks_abc');
    assert.equal(out.query, 'WorkspaceId="wks_abc"');
    assert.equal(
      out.url,
      `http://127.0.0.1:8233/namespaces/default/workflows?query=${encodeURIComponent('WorkspaceId="wks_abc"')}`,
    );
  }, 60_000);

  it('When an operator redelivers an event, then a new attempt series is queued in the outbox for its endpoint', async () => {
    const me = await givenAccount(api);
    const endpoint = await api.as(me).post('/webhook_endpoints', {
      workspace_id: me.workspaceId,
      url: 'https://hooks.example.com/in',
      enabled_events: ['*'],
    });
    const em = db.orm.em.fork();
    await em.execute(
      `insert into webhook_events (id, workspace_id, type, object_id, payload, dispatched_at) values ('evt_admin_1', ?, 'meeting.updated', 'mtg_x', '{}'::jsonb, now())`,
      [me.workspaceId],
    );
    await em.execute(
      `insert into webhook_deliveries (event_id, endpoint_id, body, status, attempts) values ('evt_admin_1', ?, '{}', 'failed', 21)`,
      [endpoint.body.id],
    );
    assert.deepEqual(await admin('redeliver', '--event', 'evt_admin_1'), {
      event_id: 'evt_admin_1',
      redelivered_to: [endpoint.body.id],
    });
    const queued = await em.execute<{ workflow_id: string }[]>(
      `select workflow_id from workflow_commands where workflow_id like 'webhook-delivery/evt_admin_1/%'`,
    );
    assert.deepEqual(
      queued.map((q) => q.workflow_id),
      [`webhook-delivery/evt_admin_1/${endpoint.body.id}/2`],
    );
  }, 60_000);
});
