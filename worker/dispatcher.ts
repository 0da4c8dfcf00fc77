import pg from 'pg';
import { fanOutEvents } from '../activities/webhooks';
import { cancelOrphanedBot } from '../services/meetings';
import { claimDueCommands, markCommandFailed, markCommandSent, type ClaimedCommand } from '../db/commands';
import type { Orm } from '../db/orm';
import { commandRetryDelayMs } from '../domain/commands';
import type { Logger } from '../runtime/logger';
import { isUnreachable, type TemporalGateway } from '../runtime/temporal-gateway';

export type DispatcherOptions = {
  orm: Orm;
  log: Logger;
  gateway: TemporalGateway;
  /** LISTEN connection for wake-ups on commit; without it the dispatcher only polls. */
  databaseUrl?: string;
  /** Commands sent at once. */
  concurrency?: number;
  /** Commands claimed per round, and events fanned out per transaction. */
  batchSize?: number;
  /** The polling fallback when no notification comes. */
  pollMs?: number;
  /** How long a claimed command stays leased before another dispatcher may take it. */
  leaseMs?: number;
  /** Backoff after a failed send, by attempts so far (tests shorten it). */
  retryDelayMs?: (attempts: number) => number;
};

export type Dispatcher = { wake: () => void; stop: () => Promise<void>; idle: () => Promise<void> };

/**
 * The one path from a committed change to Temporal (DESIGN.md › The outbox). Each round: events
 * become their deliveries and delivery commands (database only), then due commands are claimed and
 * sent through the gateway with bounded concurrency. Woken by NOTIFY on commit, polling otherwise.
 * Nothing here ends for good: errors are per row (retried with backoff, parked after repeated
 * refusals) or per round (retried after a pause); the LISTEN connection reconnects forever.
 */
export function startDispatcher(opts: DispatcherOptions): Dispatcher {
  const { orm, log, gateway } = opts;
  const concurrency = opts.concurrency ?? 16;
  const batchSize = opts.batchSize ?? 200;
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 60_000;
  const retryDelayMs = opts.retryDelayMs ?? commandRetryDelayMs;
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let pending = false;
  let idleWaiters: (() => void)[] = [];

  const wake = () => {
    pending = true;
    wakeUp?.();
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (pending || stopped) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  async function send(c: ClaimedCommand): Promise<void> {
    const em = orm.em.fork();
    try {
      const outcome = await gateway.send(c.command);
      if (outcome === 'not_found' && c.command.op === 'signal') {
        // Operators see which signals found no running workflow (an ended bot, a disconnected calendar).
        log.info(
          { command_id: c.id, workflow_id: c.workflowId, signal: c.command.signal },
          'signal found no running workflow',
        );
        if (c.command.onNotFound?.kind === 'botOrphaned') {
          await cancelOrphanedBot(em, c.command.onNotFound.meetingId, c.command.onNotFound.botId);
        }
      }
      await markCommandSent(em, c.id);
    } catch (err) {
      const unreachable = isUnreachable(err);
      const { parked } = await markCommandFailed(em, c.id, (err as Error).message ?? String(err), {
        delayMs: retryDelayMs(c.attempts + 1),
        counts: !unreachable,
      });
      const fields = { command_id: c.id, workflow_id: c.workflowId, op: c.command.op, err: err };
      if (parked) log.error(fields, 'workflow command parked after repeated failures: see `npm run admin -- commands`');
      else if (unreachable) log.warn(fields, 'Temporal unreachable: the command waits and is retried');
      else log.warn(fields, 'sending a workflow command failed; retrying with backoff');
    }
  }

  async function round(): Promise<number> {
    let work = 0;
    // Events first, so the delivery commands they make go out in this round.
    for (let n = batchSize; n === batchSize;) {
      n = await fanOutEvents(orm, { batchSize });
      work += n;
    }
    const claimed = await claimDueCommands(orm.em.fork(), batchSize, leaseMs);
    work += claimed.length;
    // Commands of one workflow never share a round (the claim takes the oldest of each), so any order is safe.
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, claimed.length) }, async () => {
        while (next < claimed.length) await send(claimed[next++]!);
      }),
    );
    return work;
  }

  const loop = (async () => {
    let failures = 0;
    while (!stopped) {
      pending = false;
      try {
        const work = await round();
        failures = 0;
        if (work === 0) {
          for (const w of idleWaiters) w();
          idleWaiters = [];
          await pause(pollMs);
        }
      } catch (err) {
        failures++;
        const delay = Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
        log.warn({ err: err, retry_in_ms: delay }, 'dispatcher round failed (database unreachable?); retrying');
        await pause(delay);
      }
    }
  })();

  const listener = opts.databaseUrl ? listen(opts.databaseUrl, log, wake) : null;

  return {
    wake,
    /** Resolves once a round found nothing to do (tests: every committed change has been sent). */
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wake();
      }),
    stop: async () => {
      stopped = true;
      wakeUp?.();
      await listener?.stop();
      await loop;
      for (const w of idleWaiters) w();
    },
  };
}

/**
 * LISTENs for commits that wrote events or commands. Reconnects forever with backoff; TCP keepalive
 * and a ping every 30 s find a silently dropped connection. Each reconnect wakes the dispatcher,
 * which catches up on whatever committed while nobody listened.
 */
function listen(databaseUrl: string, log: Logger, wake: () => void): { stop: () => Promise<void> } {
  let stopped = false;
  let client: pg.Client | null = null;
  let ping: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;

  const drop = (c: pg.Client, why: unknown) => {
    if (client !== c) return;
    client = null;
    if (ping) clearInterval(ping);
    c.end().catch(() => undefined);
    if (stopped) return;
    const delay = Math.min(30_000, 250 * 2 ** Math.min(failures++, 7));
    log.warn({ err: why, retry_in_ms: delay }, 'dispatcher LISTEN connection lost; reconnecting');
    retry = setTimeout(connect, delay);
  };

  function connect(): void {
    if (stopped) return;
    const c = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 10_000,
      query_timeout: 10_000,
    });
    client = c;
    c.on('notification', () => wake());
    c.on('error', (err) => drop(c, err));
    c.on('end', () => drop(c, new Error('connection ended')));
    c.connect()
      .then(() => c.query('listen workflow_commands; listen webhook_events'))
      .then(() => {
        if (client !== c) return;
        if (failures > 0) log.info('dispatcher LISTEN connection restored');
        failures = 0;
        wake();
        ping = setInterval(() => void c.query('select 1').catch((err) => drop(c, err)), 30_000);
      })
      .catch((err) => drop(c, err));
  }
  connect();

  return {
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (ping) clearInterval(ping);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
