import type { Registry } from 'prom-client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Config } from '../runtime/config';
import type { Logger } from '../runtime/logger';
import type { Orm } from '../db/orm';
import type { Account } from '../db/entities';
import type { MediaStorage } from '../runtime/storage';
import type { RateCounters } from './rate-limits';

/** What the API process is built from (STYLE: factories with their dependencies passed in). */
export type AppDeps = {
  orm: Orm;
  config: Config;
  log: Logger;
  /** Null only when Temporal is not wired (a process that serves no workflow endpoints). */
  temporal: Client | null;
  /** Where recorded media bytes are kept (served on signed URLs). */
  storage: MediaStorage;
  /** Public base address ending with /api/v1; computed from the listening address when not configured. */
  baseUrl: () => string;
  /** The time of the web application's sessions and handoff codes; tests move it forward. Default: the system clock. */
  clock?: () => Date;
  /** True once the process is shutting down: /readyz fails so load balancers stop sending. */
  draining?: () => boolean;
  /**
   * In an API process of a cluster (scripts/start.ts): given this process's registry once, as the app
   * is made, the scrape of what every process of the cluster counts (HTTP requests, latencies,
   * refusals, process figures), each series labelled by process.
   */
  clusterMetrics?: (own: Registry) => () => Promise<string>;
  /** The process's shared limit counters; `createApp` makes them and its `close` shares what they hold. */
  limits: RateCounters;
};

/** What a route handler gets for one request. */
export type RequestCtx = {
  deps: AppDeps;
  em: EntityManager;
  account: Account;
  version: string;
  requestId: string;
  log: Logger;
};
