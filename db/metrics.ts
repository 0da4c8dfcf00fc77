import type { EntityManager } from '@mikro-orm/postgresql';

/** What the operators' gauges read at scrape time, in a handful of grouped statements. */
export type ServiceCounts = {
  botsByStatus: { status: string; count: number }[];
  deliveriesByStatus: { status: string; count: number }[];
  attemptsByOutcome: { outcome: 'succeeded' | 'failed'; number: number; count: number }[];
  calendarConnectionsByStatus: { status: string; count: number }[];
  commandsBacklog: { pending: number; parked: number; oldestAgeSeconds: number };
  eventsBacklog: { pending: number; oldestAgeSeconds: number };
  firstAttemptsBacklog: { pending: number; oldestAgeSeconds: number };
};

export async function serviceCounts(em: EntityManager): Promise<ServiceCounts> {
  const grouped = (sql: string) => em.execute<{ status: string; count: string }[]>(sql);
  const [bots, deliveries, attempts, connections, commands, events, firstAttempts] = await Promise.all([
    grouped('select status, count(*) as count from bots group by status'),
    grouped('select status, count(*) as count from webhook_deliveries group by status'),
    em.execute<{ outcome: 'succeeded' | 'failed'; number: number; count: string }[]>(
      `select case when status_code between 200 and 299 then 'succeeded' else 'failed' end as outcome,
              least(number, 21) as number, count(*) as count
       from webhook_attempts group by 1, 2`,
    ),
    grouped('select status, count(*) as count from calendar_connections group by status'),
    em.execute<{ pending: string; parked: string; oldest: number | null }[]>(
      `select count(*) filter (where parked_at is null) as pending,
              count(*) filter (where parked_at is not null) as parked,
              extract(epoch from now() - min(created_at) filter (where parked_at is null)) as oldest
       from workflow_commands where dispatched_at is null`,
    ),
    em.execute<{ pending: string; oldest: number | null }[]>(
      `select count(*) as pending, extract(epoch from now() - min(created_at)) as oldest
       from webhook_events where dispatched_at is null`,
    ),
    em.execute<{ pending: string; oldest: number | null }[]>(
      `select count(*) as pending, extract(epoch from now() - min(created_at)) as oldest
       from webhook_deliveries where first_attempt_due`,
    ),
  ]);
  const counts = (rows: { status: string; count: string }[]) =>
    rows.map((r) => ({ status: r.status, count: Number(r.count) }));
  return {
    botsByStatus: counts(bots),
    deliveriesByStatus: counts(deliveries),
    attemptsByOutcome: attempts.map((r) => ({ outcome: r.outcome, number: Number(r.number), count: Number(r.count) })),
    calendarConnectionsByStatus: counts(connections),
    commandsBacklog: {
      pending: Number(commands[0]?.pending ?? 0),
      parked: Number(commands[0]?.parked ?? 0),
      oldestAgeSeconds: Number(commands[0]?.oldest ?? 0),
    },
    eventsBacklog: { pending: Number(events[0]?.pending ?? 0), oldestAgeSeconds: Number(events[0]?.oldest ?? 0) },
    firstAttemptsBacklog: {
      pending: Number(firstAttempts[0]?.pending ?? 0),
      oldestAgeSeconds: Number(firstAttempts[0]?.oldest ?? 0),
    },
  };
}
