import { holding, type Corkable } from './connections';

/**
 * The shared reader: one connection of a pool that the hot reads made outside a transaction share
 * (prepared `select`s through executeBound / executeTogether: the key's workspaces, a workspace with
 * the key's access, a page of meetings…), instead of each taking a connection of its own.
 *
 * node-postgres's pipeline mode sends a statement at once even while others on the connection are
 * under way, and PostgreSQL answers them in order, each a statement of its own (its own Sync: one
 * failing fails no other, each outside a transaction sees what was committed before it started). So
 * the reads of every request that arrives in one turn of the event loop leave in one write (the
 * socket stays corked until the turn ends), one backend process wakes once for all of them, and
 * their answers come back in as few reads. With a connection each, every read costs its own write,
 * its own wake-up of a backend, and the pool's acquire and release: the largest share of
 * `GET /api/v1/workspaces` after the answer itself (README › Benchmarks › API reads).
 *
 * What it costs: the shared statements run one after another on one backend, so a slow one delays
 * those sent after it. That is bounded twice: the reader takes at most MAX_IN_FLIGHT statements at
 * once, and none while its oldest unanswered statement has waited STALLED_AFTER_MS; a read refused
 * takes a connection of its own from the pool, as every read did before. A reader whose connection
 * fails (PostgreSQL restarted, the backend terminated) is dropped: the statements on it fail as they
 * would on any connection that fails, and the next read takes a new reader. It goes back to the pool
 * once idle for IDLE_RELEASE_MS, and at once when the pool is destroyed (`orm.close()`).
 */

/** At most this many statements under way on a reader; another read takes a connection of its own. */
export const MAX_IN_FLIGHT = 32;
/** A reader whose oldest unanswered statement was sent this long ago takes no more until it is answered. */
export const STALLED_AFTER_MS = 20;
/** A reader with nothing under way for this long goes back to the pool. */
export const IDLE_RELEASE_MS = 10_000;

/** A node-postgres client as the reader uses it. */
export type ReaderConnection = Corkable & {
  query(query: unknown, callback: (err: Error | undefined, result: { rows: unknown[] }) => void): unknown;
  on(event: 'error' | 'end', listener: (...args: unknown[]) => void): unknown;
  removeListener(event: 'error' | 'end', listener: (...args: unknown[]) => void): unknown;
};

/** knex's client, whose pool the reader comes from and goes back to. */
export type ReaderPool = {
  acquireConnection(): Promise<ReaderConnection>;
  releaseConnection(connection: unknown): Promise<unknown>;
  destroy(callback?: unknown): Promise<unknown>;
};

type Reader = {
  connection: ReaderConnection;
  /** When each statement under way was sent, oldest first (they are answered in that order). */
  sentAt: number[];
  /** Holds the socket's writes until this turn of the event loop ends (once a turn). */
  hold: () => void;
  /** Releases the hold of this turn, while one is held. */
  releaseHold: (() => void) | null;
  idleTimer: NodeJS.Timeout | null;
  /** Takes the reader out of use and gives its connection back to the pool (once). */
  retire: () => void;
};

type PoolState = { reader: Reader | null; acquiring: Promise<Reader> | null; destroyed: boolean };
const pools = new WeakMap<ReaderPool, PoolState>();

/** The pool's state, its destroy first retiring the reader (a connection still in use would hold `orm.close()` up). */
function stateOf(pool: ReaderPool): PoolState {
  let state = pools.get(pool);
  if (!state) {
    const created: PoolState = { reader: null, acquiring: null, destroyed: false };
    state = created;
    pools.set(pool, created);
    const destroy = pool.destroy.bind(pool);
    pool.destroy = (callback?: unknown) => {
      created.destroyed = true;
      created.reader?.retire();
      return destroy(callback);
    };
  }
  return state;
}

async function acquire(pool: ReaderPool, state: PoolState): Promise<Reader> {
  const connection = await pool.acquireConnection();
  const held = holding(connection);
  let retired = false;
  const reader: Reader = {
    connection,
    sentAt: [],
    // Corked on a turn's first statement, uncorked when the turn ends: its statements leave in one write.
    hold: () => {
      if (reader.releaseHold) return;
      const release = held.hold();
      reader.releaseHold = release;
      setImmediate(() => {
        if (reader.releaseHold === release) reader.releaseHold = null;
        release();
      });
    },
    releaseHold: null,
    idleTimer: null,
    retire: () => {
      if (retired) return;
      retired = true;
      if (state.reader === reader) state.reader = null;
      if (reader.idleTimer) clearTimeout(reader.idleTimer);
      reader.releaseHold?.();
      connection.removeListener('error', broken);
      connection.removeListener('end', broken);
      // knex's pool destroys a connection that failed (its own 'error' and 'end' listeners mark it).
      pool.releaseConnection(connection).catch(() => undefined);
    },
  };
  const broken = () => reader.retire();
  connection.on('error', broken);
  connection.on('end', broken);
  return reader;
}

/**
 * The pool's reader, if it takes `count` more statements now (acquired first when there is none),
 * or null: the caller then reads on a connection of its own.
 */
async function readerFor(pool: ReaderPool, count: number, now: number): Promise<Reader | null> {
  const state = stateOf(pool);
  let reader = state.reader;
  if (!reader) {
    if (!state.acquiring) {
      const acquiring = acquire(pool, state);
      state.acquiring = acquiring;
      acquiring.then(
        (r) => {
          state.acquiring = null;
          // The pool was destroyed meanwhile: its connection goes back at once.
          if (state.destroyed) r.retire();
          else state.reader = r;
        },
        () => {
          state.acquiring = null;
        },
      );
    }
    reader = await state.acquiring!;
    // Retired as it was acquired (the pool destroyed meanwhile): read as without it.
    if (state.reader !== reader) return null;
  }
  const oldest = reader.sentAt[0];
  if (reader.sentAt.length + count > MAX_IN_FLIGHT || (oldest !== undefined && now - oldest >= STALLED_AFTER_MS))
    return null;
  return reader;
}

/**
 * Runs `statements` on the pool's shared reader, each sent by `submit` (in order, in one write with
 * the rest of this turn's), and answers their settled results; or answers null without sending
 * anything when the reader takes no more now (see above): the caller then reads as before.
 */
export async function onSharedReader<T>(
  pool: ReaderPool,
  statements: readonly T[],
  submit: (connection: ReaderConnection, statement: T) => Promise<{ rows: unknown[] }>,
): Promise<PromiseSettledResult<{ rows: unknown[] }>[] | null> {
  const reader = await readerFor(pool, statements.length, Date.now());
  if (!reader) return null;
  if (reader.idleTimer) {
    clearTimeout(reader.idleTimer);
    reader.idleTimer = null;
  }
  reader.hold();
  const sentAt = Date.now();
  const answers = statements.map((s) => {
    reader.sentAt.push(sentAt);
    return submit(reader.connection, s).finally(() => {
      reader.sentAt.shift();
      if (reader.sentAt.length === 0 && pools.get(pool)?.reader === reader) {
        reader.idleTimer = setTimeout(() => reader.retire(), IDLE_RELEASE_MS);
        reader.idleTimer.unref();
      }
    });
  });
  return Promise.allSettled(answers);
}

/** Whether a statement may go to the shared reader: a prepared `select` (named result columns, no writes). */
export function sharable(statement: { name?: string; text: string }): boolean {
  return statement.name !== undefined && /^\s*select\b/i.test(statement.text);
}
