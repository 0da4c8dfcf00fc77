import cluster, { type Worker } from 'node:cluster';
import { collectDefaultMetrics, Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import type { Logger } from './logger';

/**
 * The API served by several processes (API_PROCESSES) sharing one port: node's cluster, the primary
 * handing each new connection to the next API process in turn. The primary (scripts/start.ts) keeps
 * PostgreSQL, Temporal, the worker and the dispatcher; each API process serves requests only.
 *
 * What the processes share goes through the primary: a key forgotten by one API process (the web
 * app's Regenerate) is forgotten by the others at once, and a scrape of /metrics answered by one
 * carries every process's series, each labelled `process` (`primary`, `api-1` … `api-N`; a
 * replacement keeps its slot's label, so a restart is an ordinary counter reset of that series).
 * Everything else they share lives in PostgreSQL.
 */

type Metrics = MetricObjectWithValues<MetricValue<string>>[];
type ToPrimary =
  | { type: 'notetaker:ready'; url: string; baseUrl: string }
  | { type: 'notetaker:forget-account-keys'; accountId: string }
  | { type: 'notetaker:metrics'; id: number }
  | { type: 'notetaker:own-metrics'; id: number; metrics?: Metrics; error?: string };
type ToApiProcess =
  | { type: 'notetaker:forget-account-keys'; accountId: string }
  | { type: 'notetaker:metrics'; id: number; text?: string; error?: string }
  | { type: 'notetaker:own-metrics'; id: number };

const isOurs = (m: unknown): m is ToPrimary | ToApiProcess =>
  typeof m === 'object' && m !== null && String((m as { type?: unknown }).type).startsWith('notetaker:');

/** How long the primary waits for one API process's own metrics before leaving them out of a scrape. */
const OWN_METRICS_TIMEOUT_MS = 2_000;
/** An API process that ran this long before exiting is replaced after the shortest delay again. */
const HEALTHY_AFTER_MS = 60_000;

export type ApiCluster = { url: string; baseUrl: string; stop: () => Promise<void> };

/** A scrape of the cluster's metrics the primary process did not answer (in time, or at all). */
export class ClusterMetricsUnavailable extends Error {}

type Slot = { label: string; worker: Worker | null; ready: boolean; startedAt: number; failures: number };

/**
 * Questions sent over IPC, each with an id, answered once (`answer`) or given up after `timeoutMs`.
 * An answer that is an Error rejects.
 */
function questions<T>(what: string, timeoutMs: number) {
  let next = 0;
  const waiting = new Map<number, (answer: T | Error) => void>();
  return {
    ask: (send: (id: number) => void) =>
      new Promise<T>((resolve, reject) => {
        const id = next++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`no answer for ${what} within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waiting.set(id, (answer) => {
          clearTimeout(timer);
          waiting.delete(id);
          if (answer instanceof Error) reject(answer);
          else resolve(answer);
        });
        send(id);
      }),
    answer: (id: number, answer: T | Error) => waiting.get(id)?.(answer),
  };
}

/** Every process's series in one registry, each value labelled with the process it came from. */
function labelled(perProcess: { label: string; metrics: Metrics }[]): Registry {
  const byName = new Map<string, MetricObjectWithValues<MetricValue<string>>>();
  for (const { label, metrics } of perProcess)
    for (const m of metrics) {
      const values = m.values.map((v) => ({ ...v, labels: { ...v.labels, process: label } }));
      const have = byName.get(m.name);
      if (have) have.values.push(...values);
      else byName.set(m.name, { ...m, values });
    }
  const registry = new Registry();
  // As prom-client's own cluster aggregation registers finished values: a metric whose get() answers them.
  for (const m of byName.values()) registry.registerMetric({ ...m, get: () => m } as never);
  return registry;
}

/**
 * Forks `processes` API processes (this script again, cluster.isWorker) with `env` added, and resolves
 * once every one listens; rejects if one exits before (start-up failed: its own log says why) or they
 * do not all listen within `startTimeoutMs`. Later, an API process that exits is replaced in its slot:
 * after 1 s, doubling up to 30 s while its replacements keep failing, back to 1 s once one has run a
 * minute. `stop` sends SIGTERM to each (they drain their requests) and waits for them to exit.
 */
export async function startApiCluster(opts: {
  processes: number;
  env: Record<string, string>;
  log: Logger;
  startTimeoutMs?: number;
}): Promise<ApiCluster> {
  const { log } = opts;
  const slots: Slot[] = Array.from({ length: opts.processes }, (_, i) => ({
    label: `api-${i + 1}`,
    worker: null,
    ready: false,
    startedAt: 0,
    failures: 0,
  }));
  let phase: 'starting' | 'running' | 'stopping' = 'starting';
  let startEnded: ((err?: Error) => void) | null = null;
  let firstAddress: { url: string; baseUrl: string } | null = null;
  // The primary's own process figures (under `npm start` it runs the worker and the dispatcher).
  const own = new Registry();
  collectDefaultMetrics({ register: own, prefix: 'notetaker_' });

  const ownMetrics = questions<Metrics>('an API process’s metrics', OWN_METRICS_TIMEOUT_MS);
  /** One API process's own series, or null when it does not answer in time. */
  const ownMetricsOf = (worker: Worker) =>
    ownMetrics.ask((id) => send(worker, { type: 'notetaker:own-metrics', id })).catch(() => null);
  /** The text of a scrape: the primary's series and every listening API process's that answers. */
  const scrape = async () => {
    const answered = await Promise.all(
      slots
        .filter((s) => s.ready && s.worker?.isConnected())
        .map(async (s) => ({ label: s.label, metrics: await ownMetricsOf(s.worker!) })),
    );
    const perProcess = [
      { label: 'primary', metrics: (await own.getMetricsAsJSON()) as Metrics },
      ...answered.flatMap((a) => (a.metrics ? [{ label: a.label, metrics: a.metrics }] : [])),
    ];
    return labelled(perProcess).metrics();
  };

  const send = (worker: Worker, message: ToApiProcess) => {
    if (worker.isConnected()) worker.send(message);
  };

  const fork = (slot: Slot): void => {
    const worker = cluster.fork(opts.env);
    Object.assign(slot, { worker, ready: false, startedAt: Date.now() });
    // A message to a process that has just died fails (EPIPE) as an 'error' event: its exit follows.
    worker.on('error', (err) => log.warn({ err, pid: worker.process.pid }, 'a message to an API process failed'));
    worker.on('message', (message: unknown) => {
      if (!isOurs(message)) return;
      const m = message as ToPrimary;
      if (m.type === 'notetaker:ready') {
        slot.ready = true;
        firstAddress ??= { url: m.url, baseUrl: m.baseUrl };
        if (phase === 'starting' && slots.every((s) => s.ready)) startEnded?.();
        else if (phase === 'running')
          log.info({ pid: worker.process.pid, process: slot.label }, 'API process replaced');
      } else if (m.type === 'notetaker:forget-account-keys') {
        for (const other of slots) if (other.worker && other.worker !== worker) send(other.worker, m);
      } else if (m.type === 'notetaker:own-metrics') {
        ownMetrics.answer(m.id, m.metrics ?? new Error(m.error));
      } else if (m.type === 'notetaker:metrics') {
        scrape().then(
          (text) => send(worker, { type: 'notetaker:metrics', id: m.id, text }),
          (err: Error) => send(worker, { type: 'notetaker:metrics', id: m.id, error: err.message }),
        );
      }
    });
  };

  const onExit = (worker: Worker, code: number | null, signal: string | null) => {
    const slot = slots.find((s) => s.worker === worker);
    if (!slot) return;
    Object.assign(slot, { worker: null, ready: false });
    if (phase === 'stopping') return;
    if (phase === 'starting') {
      startEnded?.(new Error(`API process ${worker.process.pid} exited while starting (${signal ?? `code ${code}`})`));
      return;
    }
    slot.failures = Date.now() - slot.startedAt >= HEALTHY_AFTER_MS ? 0 : slot.failures + 1;
    const delay = Math.min(30_000, 1_000 * 2 ** Math.max(0, slot.failures - 1));
    log.error(
      { pid: worker.process.pid, process: slot.label, code, signal, restart_in_ms: delay },
      'an API process exited; starting another in its place',
    );
    setTimeout(() => {
      if (phase === 'running' && !slot.worker) fork(slot);
    }, delay).unref();
  };
  cluster.on('exit', onExit);

  const stop = async () => {
    phase = 'stopping';
    await Promise.all(
      slots.map(
        (s) =>
          new Promise<void>((resolve) => {
            const w = s.worker;
            if (!w || w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    cluster.off('exit', onExit);
  };

  const timeoutMs = opts.startTimeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      startEnded = (err) => (err ? reject(err) : resolve());
      timer = setTimeout(
        () => reject(new Error(`the API processes did not all listen within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      for (const slot of slots) fork(slot);
    });
  } catch (err) {
    phase = 'stopping';
    for (const s of slots) if (s.worker && !s.worker.isDead()) s.worker.process.kill('SIGKILL');
    cluster.off('exit', onExit);
    throw err;
  } finally {
    clearTimeout(timer);
    startEnded = null;
  }
  phase = 'running';
  return { ...firstAddress!, stop };
}

/** In an API process of a cluster: what it tells the primary, and what it hears from it. */
export function apiProcessChannel(opts: { onForgetAccountKeys: (accountId: string) => void }) {
  if (!cluster.isWorker || !process.send) throw new Error('apiProcessChannel runs only in a forked API process');
  const send = (m: ToPrimary) => process.send!(m);
  let ownRegistry: Registry | null = null;
  const scrapes = questions<string>('the processes’ metrics from the primary process', 10_000);
  process.on('message', (message: unknown) => {
    if (!isOurs(message)) return;
    const m = message as ToApiProcess;
    if (m.type === 'notetaker:forget-account-keys') opts.onForgetAccountKeys(m.accountId);
    else if (m.type === 'notetaker:own-metrics') {
      if (!ownRegistry) return send({ type: 'notetaker:own-metrics', id: m.id, error: 'no registry yet' });
      ownRegistry.getMetricsAsJSON().then(
        (metrics) => send({ type: 'notetaker:own-metrics', id: m.id, metrics: metrics as Metrics }),
        (err: Error) => send({ type: 'notetaker:own-metrics', id: m.id, error: err.message }),
      );
    } else if (m.type === 'notetaker:metrics')
      scrapes.answer(m.id, m.error !== undefined ? new Error(m.error) : (m.text ?? ''));
  });
  return {
    ready: (address: { url: string; baseUrl: string }) => send({ type: 'notetaker:ready', ...address }),
    forgetAccountKeys: (accountId: string) => send({ type: 'notetaker:forget-account-keys', accountId }),
    /**
     * Given this process's registry (what it answers the primary with), the scrape of every
     * process's series, labelled by process.
     */
    clusterMetrics: (registry: Registry) => {
      ownRegistry = registry;
      return () =>
        scrapes
          .ask((id) => send({ type: 'notetaker:metrics', id }))
          .catch((err: Error) => {
            throw new ClusterMetricsUnavailable(err.message);
          });
    },
  };
}
