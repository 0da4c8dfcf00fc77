import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
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
  const server = expressServer(app);
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

/**
 * The HTTP server of an Express app whose requests and responses are made with the app's own
 * prototypes (`app.request`, `app.response`). Express gives each request and response those
 * prototypes as it enters the app (`Object.setPrototypeOf` in `app.handle`); on an object node made
 * with its own, that costs V8 a new hidden class for the pair, so every property read of them
 * further on misses its inline caches, and the hidden classes fill the old generation until the
 * next full collection (expressjs/express#5998). Made with the app's prototypes, the call finds
 * them already set and changes nothing. Express's "hello" on these cores: 7,000 against 21,000
 * requests/s, and 7 KB a request promoted to the old generation against none (README › Benchmarks
 * › API reads). Where node's constructors cannot be called this way (a class), the plain server.
 */
export function expressServer(app: Express): http.Server {
  const incoming = http.IncomingMessage as unknown as { call(self: object, socket: unknown): void };
  const response = http.ServerResponse as unknown as { call(self: object, req: unknown, options: unknown): void };
  const callable = (f: unknown) => typeof f === 'function' && !/^class\b/.test(Function.prototype.toString.call(f));
  if (!callable(incoming) || !callable(response)) return http.createServer(app);
  function AppRequest(this: object, socket: unknown) {
    incoming.call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: object, req: unknown, options: unknown) {
    response.call(this, req, options);
  }
  AppResponse.prototype = app.response;
  return http.createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof http.IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof http.ServerResponse,
    },
    app,
  );
}
