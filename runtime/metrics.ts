import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The API process's Prometheus metrics (GET /metrics): HTTP requests by route and status with
 * latency histograms, rate-limit refusals, and gauges read from the database at scrape time (bots by
 * status, deliveries by status, attempts by outcome and number, calendar connections by status, the
 * outbox backlogs and the age of their oldest row). One registry per app, so several apps in one
 * process (tests) do not share counters: `registry` holds what each process counts (in a cluster, every
 * process's series come labelled by process: runtime/api-cluster.ts), `service` the gauges read from
 * the database (read once per scrape, by the process that answers it).
 */
export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics() {
  const registry = new Registry();
  const service = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'notetaker_' });
  const httpRequests = new Counter({
    name: 'notetaker_http_requests_total',
    help: 'HTTP requests answered, by method, route (the OpenAPI path template) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'notetaker_http_request_duration_seconds',
    help: 'Time to answer, by method, route and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'notetaker_rate_limit_refusals_total',
    help: 'Requests refused by a limit: `ip` (the per-IP flood limit, plain text) or the API code (rate_limited, workspace_creation_rate_limited).',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [service] });
  const gauges = {
    bots: gauge('notetaker_bots', 'Bots by status.', ['status']),
    deliveries: gauge('notetaker_webhook_deliveries', 'Webhook deliveries (event × endpoint) by status.', ['status']),
    attempts: gauge(
      'notetaker_webhook_attempts',
      'Webhook delivery attempts by outcome and attempt number (21 = the last).',
      ['outcome', 'number'],
    ),
    calendarConnections: gauge('notetaker_calendar_connections', 'Calendar connections (syncs) by status.', ['status']),
    commandsPending: gauge('notetaker_outbox_commands_pending', 'Workflow commands committed and not yet dispatched.'),
    commandsParked: gauge('notetaker_outbox_commands_parked', 'Workflow commands parked after repeated failures.'),
    commandsOldest: gauge(
      'notetaker_outbox_commands_oldest_age_seconds',
      'Age of the oldest undispatched workflow command (0 when none).',
    ),
    eventsPending: gauge('notetaker_outbox_events_pending', 'Webhook events not yet fanned out to deliveries.'),
    eventsOldest: gauge(
      'notetaker_outbox_events_oldest_age_seconds',
      'Age of the oldest undispatched event (0 when none).',
    ),
    firstAttemptsDue: gauge(
      'notetaker_webhook_first_attempts_due',
      'Deliveries waiting for the dispatcher to make their first attempt.',
    ),
    firstAttemptsOldest: gauge(
      'notetaker_webhook_first_attempts_oldest_age_seconds',
      'Age of the oldest delivery waiting for its first attempt (0 when none).',
    ),
  };
  return { registry, service, httpRequests, httpDuration, rateLimited, gauges };
}
