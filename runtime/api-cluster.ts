import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { Logger } from './logger';

/**
 * The API served by several processes (API_PROCESSES) sharing one port: node's cluster, the primary
 * handing each new connection to the next process in turn. The primary (scripts/start.ts) keeps
 * PostgreSQL, Temporal, the worker and the dispatcher; each API process serves requests only.
 *
 * What the processes share goes through the primary: a key forgotten by one (regenerated, rotated,
 * re-pinned, its account disabled) is forgotten by the others at once, and a scrape of /metrics
 * answered by one sums what every one counted. Everything else they share lives in PostgreSQL (the
 * limits' counters are shared in batches, as between separate API processes).
 */

type ToPrimary =
  | { type: 'notetaker:ready'; url: string; baseUrl: string }
  | { type: 'notetaker:forget-account-keys'; accountId: string }
  | { type: 'notetaker:metrics'; id: number };
type ToApiProcess =
  | { type: 'notetaker:forget-account-keys'; accountId: string }
  | { type: 'notetaker:metrics'; id: number; text?: string; error?: string };

const isOurs = (m: unknown): m is { type: string } =>
  typeof m === 'object' && m !== null && String((m as { type?: unknown }).type).startsWith('notetaker:');

export type ApiCluster = { url: string; baseUrl: string; stop: () => Promise<void> };

/**
 * Forks `processes` API processes (this script again, cluster.isWorker) with `env` added, and resolves
 * once every one listens; rejects if one exits before (start-up failed: its own log says why). Later,
 * a process that exits is replaced (after 1 s, up to 30 s when it keeps failing at once). `stop`
 * sends SIGTERM to each (they drain their requests) and waits for them to exit.
 */
export async function startApiCluster(opts: {
  processes: number;
  env: Record<string, string>;
  log: Logger;
  startTimeoutMs?: number;
}): Promise<ApiCluster> {
  const { log } = opts;
  const aggregator = new AggregatorRegistry();
  let stopping = false;
  let failuresInARow = 0;
  const live = new Set<Worker>();

  const fork = (): Worker => {
    const worker = cluster.fork(opts.env);
    live.add(worker);
    worker.on('message', (message: unknown) => {
      if (!isOurs(message)) return;
      const m = message as ToPrimary;
      if (m.type === 'notetaker:forget-account-keys') {
        for (const other of live) if (other !== worker && other.isConnected()) other.send(m satisfies ToApiProcess);
      } else if (m.type === 'notetaker:metrics') {
        aggregator.clusterMetrics().then(
          (text) =>
            worker.isConnected() && worker.send({ type: 'notetaker:metrics', id: m.id, text } satisfies ToApiProcess),
          (err: Error) =>
            worker.isConnected() &&
            worker.send({ type: 'notetaker:metrics', id: m.id, error: err.message } satisfies ToApiProcess),
        );
      }
    });
    return worker;
  };

  const ready = (worker: Worker) =>
    new Promise<{ url: string; baseUrl: string }>((resolve, reject) => {
      const onMessage = (m: unknown) => {
        if (isOurs(m) && m.type === 'notetaker:ready') {
          worker.off('exit', onExit);
          worker.off('message', onMessage);
          const { url, baseUrl } = m as ToPrimary & { type: 'notetaker:ready' };
          resolve({ url, baseUrl });
        }
      };
      const onExit = (code: number | null, signal: string | null) =>
        reject(new Error(`API process ${worker.process.pid} exited while starting (${signal ?? `code ${code}`})`));
      worker.on('message', onMessage);
      worker.once('exit', onExit);
    });

  const first = Array.from({ length: opts.processes }, () => fork());
  let timer: NodeJS.Timeout | undefined;
  let addresses: { url: string; baseUrl: string }[];
  try {
    addresses = await Promise.race([
      Promise.all(first.map(ready)),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(`the API processes did not all listen within ${(opts.startTimeoutMs ?? 60_000) / 1000} s`),
            ),
          opts.startTimeoutMs ?? 60_000,
        );
      }),
    ]);
  } catch (err) {
    stopping = true;
    for (const w of first) if (!w.isDead()) w.kill('SIGKILL');
    throw err;
  } finally {
    clearTimeout(timer);
  }

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    if (stopping) return;
    failuresInARow += 1;
    const delay = Math.min(30_000, 1_000 * 2 ** Math.min(failuresInARow - 1, 5));
    log.error(
      { pid: worker.process.pid, code, signal, restart_in_ms: delay },
      'an API process exited; starting another in its place',
    );
    setTimeout(() => {
      if (stopping) return;
      const next = fork();
      ready(next).then(
        () => {
          failuresInARow = 0;
          log.info({ pid: next.process.pid }, 'API process replaced');
        },
        () => undefined, // its exit is handled here again
      );
    }, delay).unref();
  });

  return {
    ...addresses[0]!,
    stop: async () => {
      stopping = true;
      await Promise.all(
        [...live].map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.isDead()) return resolve();
              w.once('exit', () => resolve());
              w.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** In an API process of a cluster: what it tells the primary, and what it hears from it. */
export function apiProcessChannel(opts: { onForgetAccountKeys: (accountId: string) => void }) {
  if (!cluster.isWorker || !process.send) throw new Error('apiProcessChannel runs only in a forked API process');
  const send = (m: ToPrimary) => process.send!(m);
  // Answers the primary's requests for this process's counts (prom-client's cluster protocol).
  new AggregatorRegistry();
  let next = 0;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>();
  process.on('message', (message: unknown) => {
    if (!isOurs(message)) return;
    const m = message as ToApiProcess;
    if (m.type === 'notetaker:forget-account-keys') opts.onForgetAccountKeys(m.accountId);
    else if (m.type === 'notetaker:metrics') {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error !== undefined) w?.reject(new Error(m.error));
      else w?.resolve(m.text ?? '');
    }
  });
  return {
    ready: (address: { url: string; baseUrl: string }) => send({ type: 'notetaker:ready', ...address }),
    forgetAccountKeys: (accountId: string) => send({ type: 'notetaker:forget-account-keys', accountId }),
    /**
     * Given this process's registry (the one it answers the primary with), the scrape of every API
     * process's counts, summed.
     */
    clusterMetrics: (own: Registry) => {
      AggregatorRegistry.setRegistries([own]);
      return () => {
        const id = next++;
        return new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => {
            waiting.delete(id);
            reject(new Error('the primary process did not answer for the API processes’ metrics within 10 s'));
          }, 10_000);
          waiting.set(id, {
            resolve: (t) => (clearTimeout(timer), resolve(t)),
            reject: (e) => (clearTimeout(timer), reject(e)),
          });
          send({ type: 'notetaker:metrics', id });
        });
      };
    },
  };
}
