import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, API_PREFIX } from './app';
import type { AppDeps } from '../services/context';

export type ApiServer = { url: string; baseUrl: string; stop: (graceMs?: number) => Promise<void> };

/** Starts the API on host:port (port 0 picks a free one) and returns its address. */
export async function startApi(
  deps: Omit<AppDeps, 'baseUrl'>,
  opts: { host: string; port: number },
): Promise<ApiServer> {
  let baseUrl = deps.config.baseUrl ?? '';
  const { app } = createApp({ ...deps, baseUrl: () => baseUrl });
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`;
  if (!deps.config.baseUrl) baseUrl = `${url}${API_PREFIX}`;
  return {
    url,
    baseUrl,
    /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then closes what is left. */
    stop: (graceMs = 0) =>
      new Promise<void>((resolve) => {
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
      }),
  };
}
