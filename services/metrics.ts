import { serviceCounts } from '../db/metrics';
import type { Orm } from '../db/orm';
import type { Metrics } from '../runtime/metrics';

/** Reads the database's counts into the gauges (at scrape time), then renders every metric as Prometheus text. */
export async function scrape(orm: Orm, metrics: Metrics): Promise<string> {
  const c = await serviceCounts(orm.em.fork());
  const g = metrics.gauges;
  const fill = (gauge: (typeof g)['bots'], rows: { status: string; count: number }[]) => {
    gauge.reset();
    for (const r of rows) gauge.set({ status: r.status }, r.count);
  };
  fill(g.bots, c.botsByStatus);
  fill(g.deliveries, c.deliveriesByStatus);
  fill(g.calendarConnections, c.calendarConnectionsByStatus);
  g.attempts.reset();
  for (const a of c.attemptsByOutcome) g.attempts.set({ outcome: a.outcome, number: String(a.number) }, a.count);
  g.commandsPending.set(c.commandsBacklog.pending);
  g.commandsParked.set(c.commandsBacklog.parked);
  g.commandsOldest.set(c.commandsBacklog.oldestAgeSeconds);
  g.eventsPending.set(c.eventsBacklog.pending);
  g.eventsOldest.set(c.eventsBacklog.oldestAgeSeconds);
  return metrics.registry.metrics();
}
