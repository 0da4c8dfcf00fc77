import { addToCounters } from '../db/rate-limits';
import type { Orm } from '../db/orm';
import type { Config } from '../runtime/config';

/** A hit's count in its window, and the seconds until the window resets. */
export type Hit = { count: number; resetInSeconds: number };

/** `sending`: hits on their way to PostgreSQL (counted, neither pending nor in `shared` yet). */
type Slot = { key: string; windowStart: number; pending: number; sending: number; shared: number };

/**
 * A per-minute limit's counters (one-minute windows by default, one counter per key), counted in
 * process and shared through PostgreSQL without a write per hit: each process adds its hits to the
 * shared rows in one batched statement every `flushMs` (and at once when a key's unflushed hits reach
 * a tenth of the limit divided among the `processes` of its cluster), and decides on the last shared
 * total plus its own unflushed hits. Across several API processes a key can therefore pass the limit
 * by at most what the others counted since their last flush: a fraction of a second of its traffic,
 * and less than a tenth of the limit from one cluster; within one process it is exact. Windows
 * end on the minute, as the rows the janitor prunes. The per-IP flood limit and the per-workspace
 * limit of `POST /calendar_events` count this way.
 */
export class SharedCounter {
  private readonly slots = new Map<string, Slot>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly orm: Orm,
    private readonly limit: number,
    private readonly flushMs = 250,
    private readonly windowSeconds = 60,
    /** The API processes of this cluster (API_PROCESSES): each shares its hits that much sooner. */
    private readonly processes = 1,
  ) {}

  /**
   * Counts one hit of `key`; its count in this window (shared total plus unflushed) and when the
   * window resets. Answered at once unless the hit shares the key's count first (a promise then):
   * the per-IP limit asks on every request, and an answer that waits costs it a turn of the event
   * loop's microtasks and a promise each time.
   */
  hit(key: string, now = Date.now()): Hit | Promise<Hit> {
    const windowMs = this.windowSeconds * 1000;
    const windowStart = Math.floor(now / windowMs) * windowMs;
    let found = this.slots.get(key);
    if (!found || found.windowStart !== windowStart) {
      found = { key, windowStart, pending: 0, sending: 0, shared: 0 };
      this.slots.set(key, found);
    }
    const slot = found;
    slot.pending += 1;
    const answer = (): Hit => ({
      count: slot.shared + slot.sending + slot.pending,
      resetInSeconds: Math.ceil((windowStart + windowMs - now) / 1000),
    });
    // A key near a tenth of the limit unflushed (among the cluster's processes) is shared at once
    // (every hit, for limits under 20 per process).
    if (slot.pending >= Math.max(1, Math.floor(this.limit / (10 * this.processes)))) return this.flush().then(answer);
    this.schedule();
    return answer();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush().catch(() => undefined);
    }, this.flushMs);
    this.timer.unref();
  }

  /** Adds every unflushed hit to the shared rows and reads their totals back; drops ended windows. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    const now = Date.now();
    const batch = [...this.slots.values()].filter((s) => s.pending > 0);
    for (const s of this.slots.values())
      if (s.pending === 0 && s.sending === 0 && s.windowStart + this.windowSeconds * 1000 < now)
        this.slots.delete(s.key);
    if (batch.length === 0) return;
    const sent = batch.map((s) => ({ slot: s, count: s.pending }));
    // Hits being sent still count while the statement runs (a request in between saw them nowhere before).
    for (const s of batch) {
      s.sending += s.pending;
      s.pending = 0;
    }
    this.flushing = (async () => {
      try {
        const totals = await addToCounters(
          this.orm.em.fork(),
          sent.map(({ slot, count }) => ({ key: slot.key, windowStart: new Date(slot.windowStart), count })),
        );
        for (const { slot, count } of sent) {
          slot.sending -= count;
          const total = totals.get(`${slot.key}@${slot.windowStart}`);
          if (total !== undefined) slot.shared = Math.max(slot.shared, total);
        }
      } catch {
        // The database is away: keep the hits for the next flush (the limit stays counted in process).
        for (const { slot, count } of sent) {
          slot.sending -= count;
          slot.pending += count;
        }
      } finally {
        this.flushing = null;
      }
    })();
    await this.flushing;
  }

  /** Flushes what is left and stops the timer (shutdown). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/** The API process's shared counters: one per limit, made when the app is built, closed when it stops. */
export type RateCounters = { ip: SharedCounter; calendarEvents: SharedCounter };

export function rateCounters(orm: Orm, config: Config): RateCounters {
  return {
    ip: new SharedCounter(orm, config.rateLimits.ipPerMinute, 250, 60, config.apiProcesses),
    calendarEvents: new SharedCounter(orm, config.rateLimits.calendarEventsPerMinute, 250, 60, config.apiProcesses),
  };
}

/** Shares every hit still counted only in process (at shutdown: another process goes on counting them). */
export async function closeRateCounters(counters: RateCounters): Promise<void> {
  await Promise.all(Object.values(counters).map((c) => c.close()));
}
