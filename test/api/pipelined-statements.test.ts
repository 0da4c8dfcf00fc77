import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { executeBound, executeTogether } from '../../db/bulk';
import { CommitRolledBack, commitsOrFails, pipelinedBegin } from '../../db/orm';
import { describeDatabaseError, isDatabaseError } from '../../runtime/safe-error';
import { freshDatabase } from '../support/db';

let db: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  db = await freshDatabase();
  // A table of names the tests write, so a rollback has something to undo.
  await executeBound(db.orm.em.fork(), 'create table pipelined_probe (name text)', []);
});
afterAll(() => db.drop());

/** How many rows of pipelined_probe carry `name`, as committed. */
async function committed(name: string): Promise<number> {
  const [row] = await executeBound<{ n: number }>(
    db.orm.em.fork(),
    'select count(*)::int as n from pipelined_probe where name = ?',
    [name],
  );
  return row!.n;
}

/** A failure's SQLSTATE, as the driver exception carries it. */
const codeOf = (err: unknown) => (err as { code?: string }).code;

describe('statements sent without waiting for the answer before them (pipelined connections)', () => {
  it("When a transaction's BEGIN is answered before PostgreSQL answers it, then every statement after it is still one transaction, and a failure rolls back what it wrote", async () => {
    const txids = await db.orm.em.fork().transactional(async (em: EntityManager) => {
      // knex's own BEGIN was answered at once: the transaction's work begins before PostgreSQL's
      // answer could be read (it would set the status to 'T', in a transaction).
      const trx = em.getTransactionContext<Knex.Transaction>()!;
      const connection = (await trx.client.acquireConnection()) as { getTransactionStatus(): string | null };
      const statusAtStart = connection.getTransactionStatus();
      const [a] = await executeBound<{ id: string }>(em, 'select txid_current()::text as id', []);
      const [b] = await em.execute<{ id: string }[]>('select txid_current()::text as id');
      return { a: a!.id, b: b!.id, statusAtStart, statusAfter: connection.getTransactionStatus() };
    });
    assert.equal(txids.statusAtStart, 'I', "the transaction's work began before its BEGIN was answered");
    assert.equal(txids.statusAfter, 'T', 'and the connection is in a transaction once its statements are answered');
    // Each statement outside a transaction block would be a transaction of its own, with its own id.
    assert.equal(txids.a, txids.b, 'the statements ran in one transaction');

    const kept = `kept-${Date.now()}`;
    const failure = await db.orm.em
      .fork()
      .transactional(async (em: EntityManager) => {
        await executeBound(em, 'insert into pipelined_probe values (?)', [kept]);
        await executeBound(em, 'select 1 / 0', []);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    assert.equal(codeOf(failure), '22012', 'the division by zero fails the transaction');
    assert.equal(await committed(kept), 0, 'the rollback undid the insert made after the early-answered BEGIN');
  });

  it("When the ORM's connections open a transaction, then each one's BEGIN is answered before PostgreSQL could answer it, the pool's first connection included", async () => {
    const client = db.orm.em.getConnection().getKnex().client as unknown as {
      acquireConnection(): Promise<{ query(config: unknown, callback?: unknown): unknown }>;
      releaseConnection(connection: unknown): Promise<unknown>;
    };
    // Two at once: the connection MikroORM.init opened, and one the pool opens now.
    const connections = [await client.acquireConnection(), await client.acquireConnection()];
    try {
      for (const connection of connections) {
        const order: string[] = [];
        const begun = new Promise<void>((resolve) =>
          connection.query({ text: 'BEGIN;', values: [] }, () => {
            order.push('BEGIN answered');
            resolve();
          }),
        );
        // A tick queued after the BEGIN: an answer from the server could only come after it.
        process.nextTick(() => order.push('next tick'));
        await begun;
        assert.deepEqual(order, ['BEGIN answered', 'next tick']);
        // The transaction is open on the server: two statements after it share its id.
        const ids = [];
        for (let i = 0; i < 2; i++)
          ids.push(
            (
              (await connection.query({ text: 'select txid_current()::text as id', values: [] })) as {
                rows: { id: string }[];
              }
            ).rows[0]!.id,
          );
        assert.equal(ids[0], ids[1], 'both statements ran in the transaction the BEGIN opened');
        await connection.query({ text: 'ROLLBACK', values: [] });
      }
    } finally {
      for (const connection of connections) await client.releaseConnection(connection);
    }
  });

  it("When a transaction's first statements are sent together, then its BEGIN leaves with them: one write on the connection's socket, and they run in its transaction", async () => {
    type Socket = { _write: (...a: unknown[]) => unknown; _writev: (...a: unknown[]) => unknown };
    const seen = await db.orm.em.fork().transactional(async (em: EntityManager) => {
      const trx = em.getTransactionContext<Knex.Transaction>()!;
      const socket = ((await trx.client.acquireConnection()) as { connection: { stream: Socket } }).connection.stream;
      // Every write leaving the socket from here on, the held BEGIN's included.
      let writes = 0;
      const { _write, _writev } = socket;
      socket._write = (...a: unknown[]) => (writes++, _write.apply(socket, a));
      socket._writev = (...a: unknown[]) => (writes++, _writev.apply(socket, a));
      try {
        const [[a], [b]] = (await executeTogether(em, [
          { sql: 'select txid_current()::text as id', params: [] },
          { sql: 'select txid_current()::text as id', params: [] },
        ])) as { id: string }[][];
        return { writes, same: a!.id === b!.id };
      } finally {
        Object.assign(socket, { _write, _writev });
      }
    });
    assert.equal(seen.writes, 1, 'the BEGIN and the two statements in one write');
    assert.ok(seen.same, 'both statements ran in the transaction the BEGIN opened');
  });

  it("When a transaction's last write is answered by its COMMIT, then the write and the COMMIT leave in one write, and what it wrote is committed", async () => {
    type Socket = { _write: (...a: unknown[]) => unknown; _writev: (...a: unknown[]) => unknown };
    const name = `answered-by-commit-${Date.now()}`;
    let socket: Socket | undefined;
    let writes = 0;
    const restore: Partial<Socket> = {};
    await db.orm.em.fork().transactional(async (em: EntityManager) => {
      const trx = em.getTransactionContext<Knex.Transaction>()!;
      socket = ((await trx.client.acquireConnection()) as { connection: { stream: Socket } }).connection.stream;
      await executeBound(em, 'select 1', []); // the BEGIN's write, before counting
      Object.assign(restore, { _write: socket._write, _writev: socket._writev });
      socket._write = (...a: unknown[]) => (writes++, restore._write!.apply(socket, a));
      socket._writev = (...a: unknown[]) => (writes++, restore._writev!.apply(socket, a));
      const rows = await executeTogether(em, [{ sql: 'insert into pipelined_probe values (?)', params: [name] }], {
        answeredByNext: true,
      });
      assert.deepEqual(rows, [[]], 'answered at once, without rows');
    });
    Object.assign(socket!, restore);
    assert.equal(writes, 1, 'the insert and the COMMIT in one write');
    assert.equal(await committed(name), 1, 'the insert is committed');
  });

  it('When a write answered by the COMMIT fails, then the transaction fails with the write’s own failure (its class and code, not an aborted transaction), and nothing of it is committed', async () => {
    const kept = `rolled-back-${Date.now()}`;
    const failure = await db.orm.em
      .fork()
      .transactional(async (em: EntityManager) => {
        await executeBound(em, 'create temporary table answered_probe (n int unique) on commit drop', []);
        await executeBound(em, 'insert into pipelined_probe values (?)', [kept]);
        await executeTogether(em, [{ sql: 'insert into answered_probe values (?), (?)', params: [1, 1] }], {
          answeredByNext: true,
        });
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    assert.ok(failure instanceof UniqueConstraintViolationException, `got ${String(failure)}`);
    assert.equal(codeOf(failure), '23505');
    assert.equal(await committed(kept), 0, 'the insert before it is rolled back');

    // A statement after it (not the COMMIT) carries the failure too, instead of "current transaction is aborted".
    const after = await db.orm.em
      .fork()
      .transactional(async (em: EntityManager) => {
        await executeTogether(em, [{ sql: 'select 1 / 0', params: [] }], { answeredByNext: true });
        await executeBound(em, 'select 1', []);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    assert.equal(codeOf(after), '22012', 'the division by zero, not 25P02');

    // Values node-postgres converts itself (a number here) could be refused before being sent, which
    // would not abort the transaction: such statements are answered where they are asked, as without
    // the option.
    const caughtInside: (string | undefined)[] = [];
    const commit = await db.orm.em
      .fork()
      .transactional(async (em: EntityManager) => {
        await executeTogether(em, [{ sql: 'select 1 / ?::int', params: [0] }], { answeredByNext: true }).catch(
          (err: unknown) => caughtInside.push(codeOf(err)),
        );
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    assert.deepEqual(caughtInside, ['22012'], 'the failure came from the statement itself, inside the transaction');
    // Caught there, it still aborted the transaction: its COMMIT says so (below).
    assert.equal(codeOf(commit), '25P02');
  });

  it('When a failure is caught inside a transaction, then its COMMIT fails (PostgreSQL answered it ROLLBACK) instead of reporting as kept what was rolled back', async () => {
    const name = `caught-${Date.now()}`;
    const caught: (string | undefined)[] = [];
    const commit = await db.orm.em
      .fork()
      .transactional(async (em: EntityManager) => {
        await executeBound(em, 'insert into pipelined_probe values (?)', [name]);
        await executeBound(em, 'select 1 / 0', []).catch((err: unknown) => caught.push(codeOf(err)));
        return 'the callback ended normally';
      })
      .then(
        (value: unknown) => ({ value }),
        (err: unknown) => err as Error & { code?: string },
      );
    assert.deepEqual(caught, ['22012'], 'the division by zero was caught inside the transaction');
    assert.ok(commit instanceof Error, `the transaction reported ${JSON.stringify(commit)}`);
    assert.equal(commit.code, '25P02');
    assert.match(commit.message, /COMMIT was answered ROLLBACK/);
    assert.equal(await committed(name), 0, 'and indeed nothing of it was kept');

    // A transaction without a failure commits as before.
    await db.orm.em
      .fork()
      .transactional((em: EntityManager) => executeBound(em, 'insert into pipelined_probe values (?)', [name]));
    assert.equal(await committed(name), 1);
  });

  it('When a COMMIT answered ROLLBACK is asked in any form node-postgres answers, then it fails, and one node-postgres answers itself passes untouched', async () => {
    const sent: unknown[] = [];
    const connection = commitsOrFails({
      query(config: unknown, values?: unknown) {
        sent.push(config);
        const answer = Promise.resolve({ command: 'ROLLBACK', rows: [] });
        if (typeof values === 'function') {
          void answer.then((r) => values(null, r));
          return undefined;
        }
        // A query object node-postgres submits itself comes back as it was given.
        if (typeof (config as { submit?: unknown }).submit === 'function') return config;
        return answer;
      },
    });
    // knex's form: the text, and a callback.
    const viaCallback = await new Promise<unknown>((resolve) =>
      connection.query({ text: 'COMMIT;', values: [] }, (err: unknown) => resolve(err)),
    );
    assert.ok(viaCallback instanceof CommitRolledBack);
    // The promise form, and the statement's other spellings.
    for (const text of ['commit', 'END TRANSACTION;', '  Commit Work ']) {
      const failure = await (connection.query({ text }) as Promise<unknown>).then(
        () => null,
        (err: unknown) => err,
      );
      assert.ok(failure instanceof CommitRolledBack, text);
    }
    // Logs and activity failures describe it as a database error, by its code.
    const failure = new CommitRolledBack();
    assert.equal(isDatabaseError(failure), true);
    assert.deepEqual(describeDatabaseError(failure), { type: 'CommitRolledBack', code: '25P02' });
    // Not a COMMIT, or a query object node-postgres answers itself: passed through as they are.
    const submittable = { text: 'COMMIT;', submit() {} };
    assert.equal(connection.query(submittable), submittable);
    assert.deepEqual(await connection.query({ text: 'select 1' }), { command: 'ROLLBACK', rows: [] });
    assert.equal(
      sent.length,
      6,
      'every statement was sent: one via callback, three spellings, the submittable, the select',
    );
  });

  it('When a BEGIN answered early is then refused, then the statement after it fails with the BEGIN’s failure, not its own answer', async () => {
    const sent: string[] = [];
    const refused = Object.assign(new Error('BEGIN refused'), { code: '25P02' });
    const connection = pipelinedBegin({
      pipeline: true,
      query(config: unknown, callback?: unknown) {
        const text = (config as { text: string }).text;
        sent.push(text);
        const answer = text === 'BEGIN;' ? Promise.reject(refused) : Promise.resolve({ rows: [{ one: 1 }] });
        if (typeof callback === 'function')
          answer.then(
            (r) => callback(null, r),
            (e: unknown) => callback(e),
          );
        else return answer;
        return undefined;
      },
    });
    const begun = await new Promise<unknown>((resolve) =>
      connection.query({ text: 'BEGIN;', values: [] }, (err: unknown) => resolve(err)),
    );
    assert.equal(begun, null, 'the BEGIN is answered at once');
    const next = await new Promise<unknown>((resolve) =>
      connection.query({ text: 'select 1 as one', values: [] }, (err: unknown) => resolve(err)),
    );
    assert.equal(next, refused, 'the statement after it carries the BEGIN’s failure');
    assert.deepEqual(sent, ['BEGIN;', 'select 1 as one'], 'both were sent, in order');
    // The one after that answers for itself again (a promise, as executeTogether asks).
    assert.deepEqual(await connection.query({ text: 'select 1 as one', values: [] }), { rows: [{ one: 1 }] });
  });

  it('When statements are sent together, then they run in the order given, each seeing what the ones before it did, and the first failure is the one reported', async () => {
    const rows = await db.orm.em.fork().transactional((em: EntityManager) =>
      executeTogether(em, [
        { sql: 'create temporary table together_probe (n int) on commit drop', params: [] },
        { sql: 'insert into together_probe values (?), (?)', params: [1, 2] },
        { sql: 'select n from together_probe order by n', params: [] },
      ]),
    );
    assert.deepEqual(rows[2], [{ n: 1 }, { n: 2 }]);

    const failure = await db.orm.em
      .fork()
      .transactional((em: EntityManager) =>
        executeTogether(em, [
          { sql: 'select 1 as one', params: [] },
          { sql: 'select 1 / 0', params: [] },
          { sql: 'select 2 as two', params: [] },
        ]),
      )
      .then(
        () => null,
        (err: unknown) => err,
      );
    assert.equal(codeOf(failure), '22012', 'the division by zero, not the aborted transaction after it (25P02)');

    // Outside a transaction, on a connection of the pool.
    const [one, two] = await executeTogether(db.orm.em.fork(), [
      { sql: 'select ?::int as n', params: [1], prepared: true },
      { sql: 'select ?::int as n', params: [2] },
    ]);
    assert.deepEqual([one, two], [[{ n: 1 }], [{ n: 2 }]]);
  });
});
