import type { Client } from '@temporalio/client';
import supertest from 'supertest';
import { createApp } from '../../api/app';
import { expressServer } from '../../api/server';
import { createUser, grantAccess, setPin } from '../../services/accounts';
import type { Orm } from '../../db/orm';
import type { Role } from '../../db/entities';
import { loadConfig, type Config } from '../../runtime/config';
import path from 'node:path';
import { freshDatabase, silentLog } from './db';
import { testEnv } from './env';
import { LocalStorage, type MediaStorage } from '../../runtime/storage';

export type TestApi = {
  /** The Express app itself (for a cookie-keeping supertest agent). */
  app: ReturnType<typeof createApp>['app'];
  orm: Orm;
  config: Config;
  http: ReturnType<typeof supertest>;
  /** The API as one key calls it (see apiClient). */
  as: (who: Caller) => ApiClient;
  baseUrl: string;
  close: () => Promise<void>;
};

/** Who calls: an API key, or an account from givenAccount. */
export type Caller = string | { key: string };
export type ApiClient = ReturnType<typeof apiClient>;

/**
 * The API as one key calls it: paths are under /api/v1 (`as(me).post('/bots', body)`) and every
 * request carries the key. Each method answers supertest's request, so `.set()` and `.query()`
 * still chain and `await` gives the response.
 */
export function apiClient(http: ReturnType<typeof supertest>, who: Caller) {
  const key = typeof who === 'string' ? who : who.key;
  const url = (path: string) => `/api/v1${path}`;
  const withBody = (req: supertest.Test, body: unknown) => (body === undefined ? req : req.send(body as object));
  return {
    get: (path: string, query: Record<string, unknown> = {}) =>
      http.get(url(path)).set('Authorization', key).query(query),
    post: (path: string, body?: unknown) => withBody(http.post(url(path)).set('Authorization', key), body),
    put: (path: string, body?: unknown) => withBody(http.put(url(path)).set('Authorization', key), body),
    patch: (path: string, body?: unknown, headers: Record<string, string> = {}) =>
      withBody(http.patch(url(path)).set('Authorization', key).set(headers), body),
    delete: (path: string, headers: Record<string, string> = {}) =>
      http.delete(url(path)).set('Authorization', key).set(headers),
  };
}

/** The real Express app on a fresh, migrated database; HTTP through supertest on loopback. */
export async function givenApi(
  opts: {
    env?: Record<string, string>;
    temporal?: Client | null;
    storage?: MediaStorage;
    orm?: Orm;
    /** The web application's clock (sessions, handoff codes); tests move it forward. */
    clock?: () => Date;
  } = {},
): Promise<TestApi> {
  const db = opts.orm ? { orm: opts.orm, drop: async () => undefined } : await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_IP_PER_MINUTE: '100000',
    SIGNING_SECRET: 'test-signing-secret-of-at-least-32-chars',
    ...opts.env,
  });
  const baseUrl = 'http://api.test/api/v1';
  const storage = opts.storage ?? new LocalStorage(path.join(testEnv().tmp, `media-${process.pid}`));
  const { app, close } = createApp({
    orm: db.orm,
    config,
    log: silentLog,
    temporal: opts.temporal ?? null,
    storage,
    baseUrl: () => baseUrl,
    clock: opts.clock,
  });
  // Through the server startApi listens with (requests made with the app's prototypes); supertest
  // starts it for each burst of requests and closes it once they are answered.
  const http = supertest(expressServer(app));
  const closeAll = async () => {
    await close();
    await db.drop();
  };
  return { app, orm: db.orm, config, http, as: (who) => apiClient(http, who), baseUrl, close: closeAll };
}

let counter = 0;

/** An account with a key (and by default a workspace it owns). */
export async function givenAccount(
  api: Pick<TestApi, 'orm'>,
  opts: { staff?: boolean; workspace?: boolean; pin?: string } = {},
) {
  const email = `user${++counter}-${Date.now()}@example.com`;
  const created = await createUser(api.orm.em.fork(), {
    email,
    workspaceName: opts.workspace === false ? null : `Workspace of ${email}`,
    staff: opts.staff,
    signingSecret: 'test-signing-secret-of-at-least-32-chars',
  });
  if (opts.pin) await setPin(api.orm.em.fork(), email, opts.pin);
  return { email, key: created.api_key, accountId: created.account_id, workspaceId: created.workspace_id! };
}

export async function grant(api: Pick<TestApi, 'orm'>, email: string, workspaceId: string, role: Role): Promise<void> {
  await grantAccess(api.orm.em.fork(), { email, workspaceId, role });
}
