import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { executeBound, executeTogether } from '../../db/bulk';
import { createOrm } from '../../db/orm';
import { IDLE_RELEASE_MS, STALLED_AFTER_MS } from '../../db/shared-reader';
import { freshDatabase } from '../support/db';

let db: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.drop());

/** A hot read as the API makes them: prepared, outside a transaction; answers the backend that ran it. */
async function read(n: number, orm = db.orm): Promise<{ pid: number; n: number }> {
  const [row] = await executeBound<{ pid: number; n: number }>(
    orm.em.fork(),
    'select pg_backend_pid() as pid, ?::int as n',
    [n],
    { prepared: true },
  );
  return row!;
}

/** The backends connected to the test database, but for the one asking, by pid. */
async function otherBackends(): Promise<number[]> {
  const rows = await db.orm.em
    .fork()
    .execute<{ pid: number }[]>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
  return rows.map((r) => r.pid);
}

describe('the hot reads made outside a transaction share one connection (db/shared-reader.ts)', () => {
  it('When many reads are made at once, then each gets its own answer, and all of them ran on one connection', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => read(i)));
    assert.deepEqual(
      answers.map((a) => a.n),
      Array.from({ length: 20 }, (_, i) => i),
      'each read answered with its own value',
    );
    assert.equal(new Set(answers.map((a) => a.pid)).size, 1, 'one backend ran them all');
    // The same connection serves the reads that come later.
    assert.equal((await read(99)).pid, answers[0]!.pid);
  });

  it('When one of the reads made together fails, then it fails with its own error, and the reads beside it are answered', async () => {
    const em = db.orm.em.fork();
    const divide = (by: number) =>
      executeBound<{ x: number }>(em, 'select 10 / ?::int as x', [by], { prepared: true }).then(
        (rows) => rows[0]!.x,
        (err: unknown) => err,
      );
    const [a, failed, b] = await Promise.all([divide(2), divide(0), divide(5)]);
    assert.equal(a, 5);
    assert.equal(b, 2);
    assert.equal((failed as { code?: string }).code, '22012', 'division by zero, as on a connection of its own');
    // Statements sent together on it answer in order too, and the reader still reads afterwards.
    const [one, two] = await executeTogether(em, [
      { sql: 'select ?::int as v', params: [1], prepared: true },
      { sql: 'select ?::int as v', params: [2], prepared: true },
    ]);
    assert.deepEqual([one, two], [[{ v: 1 }], [{ v: 2 }]]);
    assert.equal((await read(7)).n, 7);
  });

  it("When the reader's backend is terminated, then the reads after it are answered on another connection", async () => {
    const before = (await read(1)).pid;
    const [terminated] = await db.orm.em
      .fork()
      .execute<{ done: boolean }[]>(`select pg_terminate_backend(${before}) as done`);
    assert.equal(terminated!.done, true);
    // A read racing the termination may fail like any read on a connection that fails; within a
    // few seconds every read is answered, on a new backend.
    const deadline = Date.now() + 5_000;
    let after: number | null = null;
    while (after === null && Date.now() < deadline) {
      after = await read(2).then(
        (a) => (a.pid === before ? null : a.pid),
        () => null,
      );
      if (after === null) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(after !== null, 'a read was answered on a new connection within 5 s');
    assert.notEqual(after, before);
    const again = await Promise.all([read(3), read(4)]);
    assert.deepEqual(
      again.map((a) => a.n),
      [3, 4],
    );
  });

  it('When a read on the reader is slow, then a read made after it is answered on another connection without waiting for it', async () => {
    const em = db.orm.em.fork();
    let slowDone = false;
    const slow = executeBound(em, 'select pg_sleep(?::float) as slept', [1], { prepared: true }).then(() => {
      slowDone = true;
    });
    await new Promise((r) => setTimeout(r, STALLED_AFTER_MS * 3));
    const quick = await read(5);
    assert.equal(quick.n, 5);
    assert.equal(slowDone, false, 'the quick read was answered while the slow one still ran');
    await slow;
  });

  it("When an ORM whose reader is held is closed, then its close returns at once and the reader's backend is gone", async () => {
    const orm = await createOrm(db.url);
    const { pid } = await read(1, orm);
    assert.ok((await otherBackends()).includes(pid));
    const closing = Date.now();
    await orm.close(true);
    // Not left until the reader would have gone back to the pool by itself, idle.
    assert.ok(Date.now() - closing < IDLE_RELEASE_MS / 2, 'the close gave the reader back at once');
    const deadline = Date.now() + 5_000;
    while ((await otherBackends()).includes(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.ok(!(await otherBackends()).includes(pid), "the reader's backend ended with the ORM");
  });
});
