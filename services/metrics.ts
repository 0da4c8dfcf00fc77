import { serviceCounts, type ServiceCounts } from '../db/metrics';
import type { Orm } from '../db/orm';
import type { Metrics } from '../runtime/metrics';

/**
 * The Prometheus text of `GET /metrics`. The gauges read the database (grouped counts over bots,
 * deliveries, attempts, connections and the outbox); those counts are read at most once every
 * `maxAgeMs` (and once for concurrent scrapes), so several scrapers, or a short scrape interval,
 * do not turn into table scans on every call. HTTP counters are always current: `processes` gives the
 * text of what the processes count (this one's, or in a cluster every process's, labelled by process).
 */
export function createScraper(
  orm: Orm,
  metrics: Metrics,
  processes: () => Promise<string> = () => metrics.registry.metrics(),
  maxAgeMs = 15_000,
): () => Promise<string> {
  let read: { at: number; counts: Promise<ServiceCounts> } | null = null;
  return async () => {
    if (!read || Date.now() - read.at > maxAgeMs) {
      const counts = serviceCounts(orm.em.fork());
      read = { at: Date.now(), counts };
      // A failed read is not kept: the next scrape reads again.
      counts.catch(() => {
        if (read?.counts === counts) read = null;
      });
    }
    const [counted] = await Promise.all([processes(), read.counts.then((c) => fill(metrics, c))]);
    return `${counted.trimEnd()}\n\n${await metrics.service.metrics()}`;
  };
}

function fill(metrics: Metrics, c: ServiceCounts): void {
  const g = metrics.gauges;
  const byStatus = (gauge: (typeof g)['bots'], rows: { status: string; count: number }[]) => {
    gauge.reset();
    for (const r of rows) gauge.set({ status: r.status }, r.count);
  };
  byStatus(g.bots, c.botsByStatus);
  byStatus(g.deliveries, c.deliveriesByStatus);
  byStatus(g.calendarConnections, c.calendarConnectionsByStatus);
  g.attempts.reset();
  for (const a of c.attemptsByOutcome) g.attempts.set({ outcome: a.outcome, number: String(a.number) }, a.count);
  g.commandsPending.set(c.commandsBacklog.pending);
  g.commandsParked.set(c.commandsBacklog.parked);
  g.commandsOldest.set(c.commandsBacklog.oldestAgeSeconds);
  g.eventsPending.set(c.eventsBacklog.pending);
  g.eventsOldest.set(c.eventsBacklog.oldestAgeSeconds);
  g.firstAttemptsDue.set(c.firstAttemptsBacklog.pending);
  g.firstAttemptsOldest.set(c.firstAttemptsBacklog.oldestAgeSeconds);
}
