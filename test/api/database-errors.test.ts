import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import supertest from 'supertest';
import { createActivities } from '../../activities';
import { createApp } from '../../api/app';
import { loadConfig } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import { LocalStorage } from '../../runtime/storage';
import { givenAccount } from '../support/api';
import { freshDatabase } from '../support/db';
import { until } from '../support/until';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../../db/orm';
import { executeBound } from '../../db/bulk';
import { safeErrorMessage, serializeError } from '../../runtime/safe-error';

let db: Awaited<ReturnType<typeof freshDatabase>>;
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, cb) {
    lines.push(chunk.toString());
    cb();
  },
});
const log = createLogger('debug', sink);

beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.drop());

/** The API on the test database (or another ORM on it), logging into `lines`. */
const api = (orm = db.orm) =>
  supertest(
    createApp({
      orm,
      config: loadConfig({ NODE_ENV: 'test', ALLOW_LOOPBACK_WEBHOOKS: 'true' }),
      log,
      temporal: null,
      storage: new LocalStorage('/nonexistent'),
      baseUrl: () => 'http://api.test/api/v1',
    }).app,
  );

describe('database errors in logs and workflow failures', () => {
  it('When a request carrying a meeting URL and a webhook secret meets a database error, then 500 answers and no log line holds the SQL, the URL, its passcode or the secret', async () => {
    const http = api();
    const me = await givenAccount(db);
    // Every insert into these tables now fails inside PostgreSQL, after the values were sent.
    await db.orm.em.fork().execute('alter table bots add constraint refuse_all check (false) not valid');
    await db.orm.em.fork().execute('alter table webhook_endpoints add constraint refuse_all check (false) not valid');
    const bot = await http.post('/api/v1/bots').set('Authorization', me.key).send({
      workspace_id: me.workspaceId,
      meeting_url: 'https://zoom.us/j/123456789?pwd=SECRETPASS123',
      bot_name: 'Leaky',
    });
    assert.equal(bot.status, 500);
    assert.equal(bot.body.errors[0].code, 'internal_error');
    const endpoint = await http
      .post('/api/v1/webhook_endpoints')
      .set('Authorization', me.key)
      .send({ workspace_id: me.workspaceId, url: 'http://127.0.0.1:9/hooks', enabled_events: ['*'] });
    assert.equal(endpoint.status, 500);
    const text = lines.join('');
    assert.ok(
      lines.some((l) => l.includes('CheckConstraintViolationException') && l.includes('refuse_all')),
      'the class and constraint are logged',
    );
    // The error's line and the request's line both name the request, by the id the client was answered.
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, any>);
    const unhandled = parsed.find((l) => l.msg === 'unhandled error' && l.req?.id === bot.headers['x-request-id']);
    assert.ok(unhandled, 'the unhandled error is logged with the request');
    assert.deepEqual([unhandled.level, unhandled.req.method, unhandled.req.path], [50, 'POST', '/api/v1/bots']);
    const errored = parsed.find((l) => l.msg === 'request errored' && l.req?.id === bot.headers['x-request-id']);
    assert.deepEqual([errored?.level, errored?.res], [50, { status: 500 }]);
    for (const secret of ['SECRETPASS123', 'zoom.us/j/123456789', 'whsec_', 'insert into', 'Leaky', me.key])
      assert.ok(
        !text.includes(secret),
        `a log line holds ${secret}: ${lines.find((l) => l.includes(secret))?.slice(0, 600)}`,
      );
  });

  it('When a read outside a transaction meets a database error, then 500 answers and the log names the class and SQLSTATE, not the statement or its values', async () => {
    const http = api();
    const me = await givenAccount(db);
    // GET /workspaces reads its page with one statement on a connection of the pool, outside any transaction.
    await db.orm.em.fork().execute('alter table workspace_accesses rename to workspace_accesses_gone');
    let listed;
    try {
      listed = await http.get('/api/v1/workspaces').set('Authorization', me.key);
    } finally {
      await db.orm.em.fork().execute('alter table workspace_accesses_gone rename to workspace_accesses');
    }
    assert.equal(listed.status, 500);
    assert.equal(listed.body.errors[0].code, 'internal_error');
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, any>);
    const unhandled = parsed.find((l) => l.msg === 'unhandled error' && l.req?.id === listed.headers['x-request-id']);
    assert.equal(unhandled?.err?.code, '42P01');
    assert.match(unhandled?.err?.message, /database error .*SQLSTATE 42P01/);
    const line = JSON.stringify(unhandled);
    for (const secret of ['select', 'workspace_accesses a', me.accountId])
      assert.ok(!line.includes(secret), `the line holds ${secret}: ${line.slice(0, 600)}`);
    // And the same read works again once the table is back.
    assert.equal((await http.get('/api/v1/workspaces').set('Authorization', me.key)).status, 200);
  });

  it('When a statement inside a transaction fails on its way to PostgreSQL, then the error shows neither the statement nor its values', async () => {
    // A value node-postgres cannot send: the failure is not PostgreSQL's, and knex used to prefix its
    // message with the statement, every value written into it.
    const unsendable = {
      toPostgres() {
        throw new Error('this value cannot be sent');
      },
    };
    const failure = await db.orm.em
      .fork()
      .transactional((em) =>
        executeBound(em, 'select ?::text as secret, ?::text as other', ['SECRET-VALUE-42', unsendable]),
      )
      .then(
        () => null,
        (err: unknown) => err,
      );
    assert.ok(failure instanceof Error, 'the statement fails');
    const shown = [safeErrorMessage(failure), JSON.stringify(serializeError(failure))].join('\n');
    for (const secret of ['SECRET-VALUE-42', 'select'])
      assert.ok(!shown.includes(secret), `the error shows ${secret}: ${shown.slice(0, 400)}`);
    assert.match(safeErrorMessage(failure), /^database error /);
  });

  it('When every connection of the pool stays taken longer than a request may wait for one, then the API answers 503 with Retry-After, not 500', async () => {
    const options = ormOptions(db.url);
    const small = await MikroORM.init({
      ...options,
      pool: { min: 0, max: 1 },
      driverOptions: { ...(options.driverOptions as object), acquireConnectionTimeout: 300 },
    });
    try {
      const http = api(small);
      const me = await givenAccount(db);
      // The pool's one connection, held by a transaction until the request has its answer.
      let release: (() => void) | null = null;
      const held = small.em.fork().transactional(
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
          }),
      );
      await until(() => release, { what: 'the transaction holding the connection' });
      const answer = await http.get('/api/v1/workspaces').set('Authorization', me.key);
      release!();
      await held;
      assert.equal(answer.status, 503, JSON.stringify(answer.body));
      assert.equal(answer.body.errors[0].code, 'provider_unavailable');
      assert.equal(answer.headers['retry-after'], '5');
      // Once the connection is back, the same request is served.
      assert.equal((await http.get('/api/v1/workspaces').set('Authorization', me.key)).status, 200);
    } finally {
      await small.close();
    }
  });

  it('When an activity meets a database error, then the failure it reports carries the class and code, not the SQL', async () => {
    const acts = createActivities({
      orm: db.orm,
      log,
      temporal: null as never,
      providers: null as never,
      storage: new LocalStorage('/nonexistent'),
      taskQueue: 'q',
      allowLoopbackWebhooks: true,
    });
    await db.orm.em.fork().execute('alter table rate_limit_counters rename to rate_limit_counters_gone');
    try {
      await assert.rejects(acts.pruneRateLimitCounters(), (err: Error) => {
        assert.match(err.message, /database error .*SQLSTATE 42P01/);
        assert.doesNotMatch(err.message, /delete|select|rate_limit_counters where/i);
        return true;
      });
    } finally {
      await db.orm.em.fork().execute('alter table rate_limit_counters_gone rename to rate_limit_counters');
    }
  });
});
