import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { parseTrustProxy } from '../domain/client-address';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const positiveInt = z.coerce.number().int().positive();

/**
 * `API_PROCESSES=auto` takes one per core up to this many: each API process holds a pool of up to 10
 * PostgreSQL connections (the embedded PostgreSQL allows 200) and about 150 MiB; more is a choice to
 * make with the database's connection limit in view.
 */
export const AUTO_API_PROCESSES_MAX = 8;

/**
 * One API process per core this process may use: the cores it may run on (affinity), fewer under a
 * cgroup CPU quota (a container's `--cpus`, which node 20's availableParallelism does not see),
 * at least 1 and at most AUTO_API_PROCESSES_MAX.
 */
export function autoApiProcesses(cpuMax = readCpuMax()): number {
  let cores = availableParallelism();
  const quota = /^(\d+) (\d+)$/.exec(cpuMax?.trim() ?? '');
  if (quota) cores = Math.min(cores, Math.ceil(Number(quota[1]) / Number(quota[2])));
  return Math.max(1, Math.min(AUTO_API_PROCESSES_MAX, cores));
}

/** cgroup v2's `cpu.max` of this process ("max 100000" without a quota), or null outside one. */
function readCpuMax(): string | null {
  try {
    return readFileSync('/sys/fs/cgroup/cpu.max', 'utf8');
  } catch {
    return null;
  }
}

/** Every setting the service reads from the environment, parsed once at start-up. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  BASE_URL: z.url().optional(),
  APP_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  TEMPORAL_ADDRESS: z
    .string()
    .regex(/^[^:\s]+:\d+$/, 'must be host:port')
    .optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('notetaker'),
  TEMPORAL_DEV_PORT: z.coerce.number().int().min(1).max(65535).default(7233),
  TEMPORAL_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8233),
  TEMPORAL_UI_URL: z.url().optional(),
  TEMPORAL_CLI_PATH: z.string().optional(),
  TEMPORAL_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  RATE_LIMIT_IP_PER_MINUTE: positiveInt.default(500),
  RATE_LIMIT_WORKSPACES_PER_DAY: positiveInt.default(20),
  RATE_LIMIT_MEMBERS_PER_HOUR: positiveInt.default(100),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseTrustProxy(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  RATE_LIMIT_BOTS_PER_HOUR: positiveInt.default(100),
  RATE_LIMIT_CALENDAR_EVENTS_PER_MINUTE: positiveInt.default(1000),
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: positiveInt.default(10),
  RATE_LIMIT_SIGN_IN_PER_ADDRESS: positiveInt.default(50),
  RATE_LIMIT_SIGN_UPS_PER_ADDRESS_PER_HOUR: positiveInt.default(10),
  RATE_LIMIT_AGENT_SESSIONS_PER_ADDRESS: positiveInt.default(10),
  RATE_LIMIT_AGENT_SESSIONS_PER_MINUTE: positiveInt.default(300),
  CHALLENGE_COST: positiveInt.default(5000),
  CHALLENGE_COUNTER_MAX: positiveInt.min(2).default(10_000),
  MEETING_BOT_PROVIDER: z.enum(['simulated', 'recall']).default('simulated'),
  RECALL_API_URL: z.url().optional(),
  RECALL_API_KEY: z.string().optional(),
  RECALL_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  SIMULATOR_SPEED: z.coerce.number().positive().default(30),
  SIMULATOR_MEETING_SECONDS: positiveInt.default(1800),
  SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MEDIA_DIR: z.string().optional(),
  ENABLE_SIMULATORS: z.enum(['auto', 'true', 'false']).default('auto'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  API_PROCESSES: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default('auto'),
  ALLOW_LOOPBACK_WEBHOOKS: bool.default(false),
  WEBHOOK_RETENTION_DAYS: positiveInt.default(30),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  WORKER_METRICS_ADDRESS: z
    .string()
    .regex(/^[^:\s]+:\d+$/, 'must be host:port')
    .optional(),
  WORKER_MAX_CACHED_WORKFLOWS: z.coerce.number().int().min(0).optional(),
  WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: positiveInt.max(10_000).optional(),
  SETTINGS_FANOUT_BATCH: positiveInt.max(1000).default(200),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_OAUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_CALENDAR_API_URL: z.url().default('https://www.googleapis.com/calendar/v3'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_OAUTH_URL: z.url().default('https://login.microsoftonline.com/common/oauth2/v2.0/authorize'),
  MICROSOFT_TOKEN_URL: z.url().default('https://login.microsoftonline.com/common/oauth2/v2.0/token'),
  MICROSOFT_GRAPH_URL: z.url().default('https://graph.microsoft.com/v1.0'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Public address of the API, ending with /api/v1; null means "derive from the listening address". */
  baseUrl: string | null;
  appUrl: string | null;
  logLevel: string;
  databaseUrl: string | null;
  dataDir: string;
  embeddedPostgresPort: number;
  temporal: {
    address: string | null;
    namespace: string;
    taskQueue: string;
    devPort: number;
    uiPort: number;
    uiUrl: string | null;
    cliPath: string | null;
    /** Deadline of every Temporal call (runtime/temporal-gateway.ts). */
    callTimeoutMs: number;
    /** The worker's sticky workflow cache size; unset keeps the SDK default. */
    maxCachedWorkflows: number | null;
    /** Workflow tasks the worker runs at once; unset keeps the service's default (worker/index.ts). */
    maxConcurrentWorkflowTasks: number | null;
  };
  rateLimits: {
    ipPerMinute: number;
    workspacesPerDay: number;
    membersPerHour: number;
    botsPerHour: number;
    calendarEventsPerMinute: number;
  };
  /** The web application at {app_url}: sign-in limits, the agent handoff's limits, the proof-of-work challenge. */
  webApp: {
    signInPerAccount: number;
    signInPerAddress: number;
    /** The window of both sign-in limits. */
    signInWindowSeconds: number;
    signUpPerAddressPerHour: number;
    /** POST /agent_sessions per client address per minute, and in all per minute. */
    agentSessionsPerAddress: number;
    agentSessionsPerMinute: number;
    /** ALTCHA's PBKDF2 cost and the highest counter a solver may need to reach (half of it is the lowest). */
    challengeCost: number;
    challengeCounterMax: number;
  };
  /** false, a hop count, or proxy addresses/CIDRs (Express's `trust proxy`). */
  trustProxy: false | number | string[];
  providers: {
    meetingBot: 'simulated' | 'recall';
    recallApiUrl: string | null;
    recallApiKey: string | null;
    recallWebhookSecret: string | null;
    simulatorSpeed: number;
    simulatorMeetingSeconds: number;
  };
  /** Signs media URLs; when unset, one is generated and kept in DATA_DIR (see runtime/secrets). */
  signingSecret: string | null;
  /** How long SIGTERM waits for in-flight requests and activities before the process exits anyway. */
  shutdownTimeoutMs: number;
  /**
   * How many processes serve the API (`API_PROCESSES`; `auto`, the default: autoApiProcesses). Beyond
   * one, `npm start` runs them as a cluster sharing the port (scripts/start.ts).
   */
  apiProcesses: number;
  /** The development simulators' HTTP scripting (simulated calendars): never in a production start unless asked. */
  simulatorsEnabled: boolean;
  mediaDir: string;
  /** Development and tests only: lets webhook endpoints be http(s) URLs on loopback. */
  allowLoopbackWebhooks: boolean;
  /** When set, GET /metrics asks for `Authorization: Bearer <token>`; open otherwise. */
  metricsToken: string | null;
  /** Webhook events, deliveries and attempts older than this many days are removed by the retention workflow. */
  webhookRetentionDays: number;
  /** Where the worker serves the Temporal SDK's Prometheus metrics (host:port); none when null. */
  workerMetricsAddress: string | null;
  /** Upcoming meetings re-resolved per activity when settings change (the fan-out's batch). */
  settingsFanoutBatch: number;
  /** OAuth clients of the real calendar providers; null: that provider is simulated. */
  calendars: { google: OAuthProviderConfig | null; microsoft: OAuthProviderConfig | null };
};

export type OAuthProviderConfig = {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  apiUrl: string;
};

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.MEETING_BOT_PROVIDER === 'recall' && (!e.RECALL_API_URL || !e.RECALL_API_KEY || !e.RECALL_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration in the environment:\n  MEETING_BOT_PROVIDER=recall needs RECALL_API_URL, RECALL_API_KEY and RECALL_WEBHOOK_SECRET',
    );
  }
  for (const p of ['GOOGLE', 'MICROSOFT'] as const) {
    if (Boolean(e[`${p}_CLIENT_ID`]) !== Boolean(e[`${p}_CLIENT_SECRET`])) {
      throw new ConfigError(
        `Invalid configuration in the environment:\n  ${p}_CLIENT_ID and ${p}_CLIENT_SECRET go together (set both, or neither for the simulated calendar)`,
      );
    }
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    baseUrl: e.BASE_URL ? e.BASE_URL.replace(/\/+$/, '') : null,
    appUrl: e.APP_URL ? e.APP_URL.replace(/\/+$/, '') : null,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: e.DATA_DIR,
    embeddedPostgresPort: e.EMBEDDED_POSTGRES_PORT,
    temporal: {
      address: e.TEMPORAL_ADDRESS ?? null,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      devPort: e.TEMPORAL_DEV_PORT,
      uiPort: e.TEMPORAL_UI_PORT,
      uiUrl: e.TEMPORAL_UI_URL ?? null,
      cliPath: e.TEMPORAL_CLI_PATH ?? null,
      callTimeoutMs: e.TEMPORAL_CALL_TIMEOUT_MS,
      maxCachedWorkflows: e.WORKER_MAX_CACHED_WORKFLOWS ?? null,
      maxConcurrentWorkflowTasks: e.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS ?? null,
    },
    rateLimits: {
      ipPerMinute: e.RATE_LIMIT_IP_PER_MINUTE,
      workspacesPerDay: e.RATE_LIMIT_WORKSPACES_PER_DAY,
      membersPerHour: e.RATE_LIMIT_MEMBERS_PER_HOUR,
      botsPerHour: e.RATE_LIMIT_BOTS_PER_HOUR,
      calendarEventsPerMinute: e.RATE_LIMIT_CALENDAR_EVENTS_PER_MINUTE,
    },
    trustProxy: e.TRUST_PROXY,
    providers: {
      meetingBot: e.MEETING_BOT_PROVIDER,
      recallApiUrl: e.RECALL_API_URL ?? null,
      recallApiKey: e.RECALL_API_KEY ?? null,
      recallWebhookSecret: e.RECALL_WEBHOOK_SECRET ?? null,
      simulatorSpeed: e.SIMULATOR_SPEED,
      simulatorMeetingSeconds: e.SIMULATOR_MEETING_SECONDS,
    },
    webApp: {
      signInPerAccount: e.RATE_LIMIT_SIGN_IN_PER_ACCOUNT,
      signInPerAddress: e.RATE_LIMIT_SIGN_IN_PER_ADDRESS,
      signInWindowSeconds: 900,
      signUpPerAddressPerHour: e.RATE_LIMIT_SIGN_UPS_PER_ADDRESS_PER_HOUR,
      agentSessionsPerAddress: e.RATE_LIMIT_AGENT_SESSIONS_PER_ADDRESS,
      agentSessionsPerMinute: e.RATE_LIMIT_AGENT_SESSIONS_PER_MINUTE,
      challengeCost: e.CHALLENGE_COST,
      challengeCounterMax: e.CHALLENGE_COUNTER_MAX,
    },
    signingSecret: e.SIGNING_SECRET ?? null,
    mediaDir: e.MEDIA_DIR ?? `${e.DATA_DIR}/media`,
    // auto: on in development and tests, off in production and whenever both DATABASE_URL and TEMPORAL_ADDRESS are given.
    simulatorsEnabled:
      e.ENABLE_SIMULATORS === 'true' ||
      (e.ENABLE_SIMULATORS === 'auto' && e.NODE_ENV !== 'production' && !(e.DATABASE_URL && e.TEMPORAL_ADDRESS)),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    apiProcesses: e.API_PROCESSES === 'auto' ? autoApiProcesses() : e.API_PROCESSES,
    settingsFanoutBatch: e.SETTINGS_FANOUT_BATCH,
    calendars: {
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              authUrl: e.GOOGLE_OAUTH_URL,
              tokenUrl: e.GOOGLE_TOKEN_URL,
              apiUrl: e.GOOGLE_CALENDAR_API_URL.replace(/\/+$/, ''),
            }
          : null,
      microsoft:
        e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET
          ? {
              clientId: e.MICROSOFT_CLIENT_ID,
              clientSecret: e.MICROSOFT_CLIENT_SECRET,
              authUrl: e.MICROSOFT_OAUTH_URL,
              tokenUrl: e.MICROSOFT_TOKEN_URL,
              apiUrl: e.MICROSOFT_GRAPH_URL.replace(/\/+$/, ''),
            }
          : null,
    },
    allowLoopbackWebhooks: e.ALLOW_LOOPBACK_WEBHOOKS,
    metricsToken: e.METRICS_TOKEN ?? null,
    webhookRetentionDays: e.WEBHOOK_RETENTION_DAYS,
    workerMetricsAddress: e.WORKER_METRICS_ADDRESS ?? null,
  };
}
