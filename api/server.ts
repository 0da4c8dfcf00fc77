import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, API_PREFIX } from './app';
import type { AppDeps } from '../services/context';

export type ApiServer = { url: string; baseUrl: string; stop: (graceMs?: number) => Promise<void> };

/** Starts the API on host:port (port 0 picks a free one) and returns its address. */
export async function startApi(
  deps: Omit<AppDeps, 'baseUrl' | 'limits'>,
  opts: { host: string; port: number },
): Promise<ApiServer> {
  let baseUrl = deps.config.baseUrl ?? '';
  const { app, close } = createApp({ ...deps, baseUrl: () => baseUrl });
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
    /**
     * Stops accepting, lets in-flight requests finish (up to `graceMs`), closes what is left, then
     * shares the limits' hits still counted only in this process (the database must still be open).
     */
    stop: async (graceMs = 0) => {
      await new Promise<void>((resolve) => {
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
      });
      await close();
    },
  };
}
