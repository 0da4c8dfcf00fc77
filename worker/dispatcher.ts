import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { fanOutEvents, firstAttempts as firstAttemptsOf } from '../activities/webhooks';
import { endOrphanedBot } from '../services/meetings';
import { UNDERWAY_BOT_STATUSES } from '../domain/meetings/state';
import { claimDueCommands, markCommandFailed, markCommandsSent, type ClaimedCommand } from '../db/commands';
import { claimFirstAttempts, releaseFirstAttemptLeases, type FirstAttempt } from '../db/deliveries';
import { WebhookEndpoint } from '../db/entities';
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
  /** Webhook first attempts may POST to loopback (the development setting ALLOW_LOOPBACK_WEBHOOKS). */
  allowLoopbackWebhooks?: boolean;
  /** Webhook first attempts in flight at once, and at most per endpoint. */
  firstAttempts?: { concurrency: number; perEndpoint: number };
  /** How long a delivery stays leased for its first attempt (longer than a POST's 10 s timeout). */
  firstAttemptLeaseMs?: number;
  /**
   * The least time between the starts of two rounds of a loop woken by a commit. Under a stream of
   * commits (calendar pushes a few ms apart) a round then takes what committed meanwhile together
   * instead of one row each; a commit after a quiet moment starts its round at once, and other
   * wake-ups (an attempt that ended, a command with another behind it) never wait.
   */
  roundGapMs?: number;
};

/** How long recording a sent command is asked again (after 0.1, 0.2, 0.4, … s) before it is left to its lease. */
const RECORD_SENT_BUDGET_MS = 3_500;

export type Dispatcher = { wake: () => void; stop: () => Promise<void>; idle: () => Promise<void> };

/**
 * The one path from a committed change to Temporal (DESIGN.md › The outbox), as two loops woken by
 * NOTIFY on commit (polling otherwise), so neither waits for the other:
 * - deliveries: events become their deliveries (database only), and deliveries due for their first
 *   attempt are leased and POSTed from here with bounded concurrency (at most `perEndpoint` at once
 *   to one endpoint, so a slow one cannot take every slot); a failed attempt is recorded with the
 *   command that starts its delivery workflow for the retries. Each finished attempt makes room
 *   for the next at once.
 * - commands: due commands are claimed and sent through the gateway with bounded concurrency.
 * Nothing here ends for good: errors are per row (retried with backoff, parked after repeated
 * refusals; an attempt left unrecorded is made again when its lease ends) or per round (retried
 * after a pause); the LISTEN connection reconnects forever.
 */
export function startDispatcher(opts: DispatcherOptions): Dispatcher {
  const { orm, log, gateway } = opts;
  const concurrency = opts.concurrency ?? 16;
  const batchSize = opts.batchSize ?? 200;
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 60_000;
  const retryDelayMs = opts.retryDelayMs ?? commandRetryDelayMs;
  const firstAttempts = opts.firstAttempts ?? { concurrency: 64, perEndpoint: 16 };
  const firstAttemptLeaseMs = opts.firstAttemptLeaseMs ?? 60_000;
  const roundGapMs = opts.roundGapMs ?? 10;
  const makeFirstAttempt = firstAttemptsOf({ orm, log, allowLoopbackWebhooks: opts.allowLoopbackWebhooks ?? false });
  const attempting = new Set<Promise<void>>();
  const attemptingPerEndpoint = new Map<string, number>();
  let stopped = false;
  let idleWaiters: (() => void)[] = [];

  /**
   * Records sent commands together: a mark asked for while another is being written waits for it and
   * goes with the others asked meanwhile, in one statement (under load, the sends of a round finish
   * close together).
   */
  const markSent = together<string>((ids) => markCommandsSent(orm.em.fork(), ids));

  /**
   * Records a sent command, asking again for about 3 s when the database refuses (a moment without
   * it); false when it still refuses. A sent command is never recorded as failed: it would be sent
   * a second time at once.
   */
  async function recordSent(c: ClaimedCommand): Promise<boolean> {
    const giveUpAt = Date.now() + RECORD_SENT_BUDGET_MS;
    for (let delay = 100; ; delay *= 2) {
      try {
        await markSent(c.id);
        return true;
      } catch (err) {
        if (stopped || Date.now() + delay > giveUpAt) return false;
        log.warn(
          { command_id: c.id, workflow_id: c.workflowId, err, retry_in_ms: delay },
          'recording a sent workflow command failed; asking again',
        );
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }

  /** A send that failed: due again after a backoff, or parked after repeated refusals. */
  async function recordFailure(em: EntityManager, c: ClaimedCommand, err: unknown): Promise<void> {
    const unreachable = isUnreachable(err);
    const fields = { command_id: c.id, workflow_id: c.workflowId, op: c.command.op, err: err };
    let parked: boolean;
    try {
      ({ parked } = await markCommandFailed(em, c.id, (err as Error).message ?? String(err), {
        delayMs: retryDelayMs(c.attempts + 1),
        counts: !unreachable,
      }));
    } catch (recording) {
      log.error(
        { ...fields, recording_err: recording },
        'a failed workflow command could not be recorded; it is sent again when its lease lapses',
      );
      return;
    }
    if (parked) log.error(fields, 'workflow command parked after repeated failures: see `npm run admin -- commands`');
    else if (unreachable) log.warn(fields, 'Temporal unreachable: the command waits and is retried');
    else log.warn(fields, 'sending a workflow command failed; retrying with backoff');
  }

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
          await endOrphanedBot(em, c.command.onNotFound.botId, { status: 'cancelled' }, UNDERWAY_BOT_STATUSES);
        }
      }
    } catch (err) {
      await recordFailure(em, c, err);
      return;
    }
    if (!(await recordSent(c)))
      log.error(
        { command_id: c.id, workflow_id: c.workflowId, op: c.command.op },
        'a sent workflow command could not be recorded; it is sent again when its lease lapses',
      );
  }

  // Whether deliveries may be due for a first attempt that no claim of this process has seen: at
  // start, when a fan-out made some, when an attempt ends (room, or its endpoint's turn), when a claim
  // filled the room, and on every poll (another process's leftovers, lapsed leases). A round that
  // fanned out only events no endpoint wants does not claim.
  let attemptsMayBeDue = true;

  /** Leases deliveries due for their first attempt, as many as there is room for, and starts them. */
  async function startFirstAttempts(): Promise<number> {
    if (!attemptsMayBeDue || stopped) return 0;
    const room = firstAttempts.concurrency - attempting.size;
    if (room <= 0) return 0;
    const full = [...attemptingPerEndpoint].filter(([, n]) => n >= firstAttempts.perEndpoint).map(([id]) => id);
    // Cleared before the claim: an attempt that ends while it runs sets it again.
    attemptsMayBeDue = false;
    let claimed: FirstAttempt[];
    try {
      claimed = await claimFirstAttempts(orm.em.fork(), room, firstAttemptLeaseMs, full);
    } catch (err) {
      attemptsMayBeDue = true;
      throw err;
    }
    if (claimed.length >= room) attemptsMayBeDue = true;
    if (claimed.length === 0) return 0;
    const endpoints = new Map(
      (await orm.em.fork().find(WebhookEndpoint, { id: { $in: [...new Set(claimed.map((d) => d.endpoint_id))] } })).map(
        (e) => [e.id, e],
      ),
    );
    // Claimed in the same batch as the attempts that filled their endpoint: given back together, for later.
    const overflow: FirstAttempt[] = [];
    for (const d of claimed) {
      const busy = attemptingPerEndpoint.get(d.endpoint_id) ?? 0;
      if (busy >= firstAttempts.perEndpoint) {
        overflow.push(d);
        continue;
      }
      attemptingPerEndpoint.set(d.endpoint_id, busy + 1);
      const attempt = makeFirstAttempt(d, endpoints.get(d.endpoint_id))
        .then(
          (outcome) => {
            // A failed attempt recorded the start of its delivery workflow, for the retries.
            if (outcome === 'failed') commandsLoop.wake();
          },
          (err: unknown) =>
            log.warn(
              { err, event_id: d.event_id, endpoint_id: d.endpoint_id },
              'webhook first attempt not recorded; it is made again when its lease ends',
            ),
        )
        .finally(() => {
          attemptsMayBeDue = true;
          attempting.delete(attempt);
          const left = attemptingPerEndpoint.get(d.endpoint_id)! - 1;
          if (left === 0) attemptingPerEndpoint.delete(d.endpoint_id);
          else attemptingPerEndpoint.set(d.endpoint_id, left);
          deliveries.wake();
          if (attempting.size === 0) maybeIdle();
        });
      attempting.add(attempt);
    }
    await releaseFirstAttemptLeases(orm.em.fork(), overflow);
    return claimed.length;
  }

  // Whether events may wait to be fanned out: at start, on an event's commit (NOTIFY), on a reconnect
  // or a poll, and after a full batch. An attempt that ends wakes the loop only to claim.
  let eventsMayWait = true;
  /** A poll or a reconnect: whatever nobody announced (another process's leftovers, lapsed leases). */
  const lookAgain = () => {
    eventsMayWait = true;
    attemptsMayBeDue = true;
  };

  // A round fans out until a batch comes back short, so it ends with nothing left to fan out: it
  // needs no second round to find that out (a commit after its claim wakes it again). Deliveries it
  // had no room to start are started as attempts finish (each finished attempt wakes it).
  const deliveries = loop(
    'deliveries',
    async () => {
      let work = 0;
      while (eventsMayWait && !stopped) {
        // Cleared before the claim: a commit notified while it runs sets it again.
        eventsMayWait = false;
        let made: { events: number; deliveries: number };
        try {
          made = await fanOutEvents(orm, { batchSize });
        } catch (err) {
          eventsMayWait = true;
          throw err;
        }
        if (made.events >= batchSize) eventsMayWait = true; // a full batch of either kind: more may wait
        work += made.events;
        // Attempts start as soon as their deliveries exist, while the next batch is fanned out (and
        // room an ended attempt freed is used even while events keep the round going).
        if (made.deliveries > 0) attemptsMayBeDue = true;
        work += await startFirstAttempts();
      }
      return work + (await startFirstAttempts());
    },
    {
      drainsInOneRound: true,
      onPoll: () => lookAgain(),
    },
  );

  // A round sends the oldest due command of each workflow; when one has another behind it (or the
  // batch was full), the loop goes round again at once, otherwise it waits for a commit or the poll.
  const commandsLoop = loop(
    'commands',
    async () => {
      const claimed = await claimDueCommands(orm.em.fork(), batchSize, leaseMs);
      if (claimed.length === batchSize || claimed.some((c) => c.followed)) commandsLoop.wake();
      // Commands of one workflow never share a round (the claim takes the oldest of each), so any order is safe.
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(concurrency, claimed.length) }, async () => {
          while (next < claimed.length) await send(claimed[next++]!);
        }),
      );
      return claimed.length;
    },
    { drainsInOneRound: true },
  );

  function maybeIdle(): void {
    if (deliveries.isIdle() && commandsLoop.isIdle() && attempting.size === 0) {
      for (const w of idleWaiters) w();
      idleWaiters = [];
    }
  }

  /**
   * A loop that runs `round` until it finds nothing to do, then waits for a wake-up or the poll
   * (`onPoll` runs at least every `pollMs`, however often wake-ups come). With `drainsInOneRound`, a round
   * that did work and heard no wake-up meanwhile counts as having found nothing more (a round that
   * knows more is waiting wakes its own loop).
   */
  function loop(
    name: string,
    round: () => Promise<number>,
    opts: { drainsInOneRound?: boolean; onPoll?: () => void } = {},
  ) {
    let pending = false;
    let idle = false;
    let wakeUp: (() => void) | null = null;
    // The poll comes every `pollMs` even when wake-ups keep coming sooner (each wake-up ends a pause
    // before its timer would): a round starts with it once that long has passed since the last.
    let lastPoll = Date.now();
    const poll = () => {
      lastPoll = Date.now();
      opts.onPoll?.();
    };
    // Whether a wake-up other than a commit's came since the round began: the next round starts at once.
    let urgent = false;
    let lastRound = 0;
    /** Waits up to `ms` (then `onTimeout`), or until a wake-up after which `woken` holds (or the stop). */
    const waitFor = (ms: number, woken: () => boolean, onTimeout?: () => void) =>
      new Promise<void>((resolve) => {
        if (woken() || stopped) return resolve();
        const timer = setTimeout(() => {
          onTimeout?.();
          finish();
        }, ms);
        function finish() {
          clearTimeout(timer);
          wakeUp = null;
          resolve();
        }
        wakeUp = () => {
          if (woken() || stopped) finish();
        };
      });
    /** Until any wake-up, or the poll. */
    const pause = (ms: number) => waitFor(ms, () => pending, poll);
    /** Until a wake-up that is not a commit's: commits wait out the round gap. */
    const settle = (ms: number) => waitFor(ms, () => urgent);
    const done = (async () => {
      let failures = 0;
      while (!stopped) {
        // Commits that come within roundGapMs of the last round's start are taken together.
        const early = lastRound + roundGapMs - Date.now();
        if (early > 0) {
          await settle(early);
          if (stopped) break;
        }
        lastRound = Date.now();
        urgent = false;
        pending = false;
        if (Date.now() - lastPoll >= pollMs) poll();
        try {
          const work = await round();
          failures = 0;
          if (work === 0 || (opts.drainsInOneRound && !pending)) {
            idle = !pending;
            maybeIdle();
            await pause(pollMs);
          }
        } catch (err) {
          failures++;
          const delay = Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
          log.warn({ err, retry_in_ms: delay }, `dispatcher ${name} round failed (database unreachable?); retrying`);
          await pause(delay);
        }
      }
    })();
    return {
      done,
      isIdle: () => idle,
      /** A round soon: at once, or with `commit`, once roundGapMs has passed since the last began. */
      wake: (why?: 'commit') => {
        pending = true;
        idle = false;
        if (why !== 'commit') urgent = true;
        wakeUp?.();
      },
    };
  }

  const wake = () => {
    lookAgain();
    deliveries.wake();
    commandsLoop.wake();
  };
  // A commit wakes the loop of what it wrote (an event's row its deliveries, a command's its commands);
  // a reconnect wakes both, to catch up on whatever committed while nobody listened.
  const wakeFor = (channel: string | null) => {
    if (channel === 'webhook_events') {
      eventsMayWait = true;
      deliveries.wake('commit');
    } else if (channel === 'workflow_commands') commandsLoop.wake('commit');
    else wake();
  };
  const listener = opts.databaseUrl ? listen(opts.databaseUrl, log, wakeFor) : null;

  return {
    wake,
    /** Resolves once both loops found nothing to do and no attempt is under way (tests: every committed change has been sent). */
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wake();
      }),
    stop: async () => {
      stopped = true;
      wake();
      await listener?.stop();
      await Promise.all([deliveries.done, commandsLoop.done]);
      // First attempts under way finish (a POST gives up within 10 s) and are recorded.
      await Promise.all(attempting);
      for (const w of idleWaiters) w();
    },
  };
}

/**
 * LISTENs for commits that wrote events or commands. Reconnects forever with backoff; TCP keepalive
 * and a ping every 30 s find a silently dropped connection. Each reconnect wakes the dispatcher,
 * which catches up on whatever committed while nobody listened.
 */
function listen(
  databaseUrl: string,
  log: Logger,
  wake: (channel: string | null) => void,
): { stop: () => Promise<void> } {
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
    c.on('notification', (msg) => wake(msg.channel));
    c.on('error', (err) => drop(c, err));
    c.on('end', () => drop(c, new Error('connection ended')));
    c.connect()
      .then(() => c.query('listen workflow_commands; listen webhook_events'))
      .then(() => {
        if (client !== c) return;
        if (failures > 0) log.info('dispatcher LISTEN connection restored');
        failures = 0;
        wake(null);
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

/**
 * `write` for items asked one at a time, grouped: the first runs at once; those asked while it runs
 * go together in the next, and so on. Each ask settles with its group's write.
 */
function together<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: { item: T; settle: (err?: unknown) => void }[] = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        await write(group.map((w) => w.item));
        for (const w of group) w.settle();
      } catch (err) {
        for (const w of group) w.settle(err ?? new Error('write failed'));
      }
    }
    writing = false;
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, settle: (err) => (err === undefined ? resolve() : reject(err)) });
      if (!writing) void drain();
    });
}
