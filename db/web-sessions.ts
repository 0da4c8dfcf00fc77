import type { EntityManager } from '@mikro-orm/postgresql';

/** A browser session of the web application, found by the hash of its cookie's token. */
export type WebSessionRow = {
  idHash: string;
  accountId: string | null;
  csrfToken: string;
  createdAt: Date;
  expiresAt: Date;
  /** Something shown once on the next page (a new key, sealed), then cleared. */
  flash: string | null;
};

const columns =
  'id_hash as "idHash", account_id as "accountId", csrf_token as "csrfToken", created_at as "createdAt", expires_at as "expiresAt", flash';

export async function insertWebSession(em: EntityManager, s: WebSessionRow): Promise<void> {
  await em.execute(
    'insert into web_sessions (id_hash, account_id, csrf_token, created_at, expires_at) values (?, ?, ?, ?, ?)',
    [s.idHash, s.accountId, s.csrfToken, s.createdAt, s.expiresAt],
  );
}

/** The session with this token hash while it has not expired. */
export async function liveWebSession(em: EntityManager, idHash: string, now: Date): Promise<WebSessionRow | null> {
  const rows = await em.execute<WebSessionRow[]>(
    `select ${columns} from web_sessions where id_hash = ? and expires_at > ?`,
    [idHash, now],
  );
  // Raw rows carry timestamps as text.
  return rows[0]
    ? { ...rows[0], createdAt: new Date(rows[0].createdAt), expiresAt: new Date(rows[0].expiresAt) }
    : null;
}

/** Sets (or, with null, clears) what the next page shows once; the value it held before. */
export async function swapFlash(em: EntityManager, idHash: string, flash: string | null): Promise<string | null> {
  const rows = await em.execute<{ flash: string | null }[]>(
    'update web_sessions s set flash = ? from web_sessions old where s.id_hash = old.id_hash and s.id_hash = ? and (old.flash is not null or ?::text is not null) returning old.flash',
    [flash, idHash, flash],
  );
  return rows[0]?.flash ?? null;
}

export async function deleteWebSession(em: EntityManager, idHash: string): Promise<void> {
  await em.execute('delete from web_sessions where id_hash = ?', [idHash], 'run');
}

/** Sessions that ended: removed when someone signs in, so the table holds only live ones and a few. */
export async function pruneWebSessions(em: EntityManager, now: Date): Promise<void> {
  await em.execute('delete from web_sessions where expires_at <= ?', [now], 'run');
}
