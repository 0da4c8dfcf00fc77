import { createHash, randomBytes } from 'node:crypto';
import { Algorithm, hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Account } from '../db/entities';
import { lastHandoff } from '../db/agent-sessions';
import { hitCounter } from '../db/rate-limits';
import { deleteWebSession, insertWebSession, liveWebSession, pruneWebSessions, swapFlash } from '../db/web-sessions';
import { workspacesOfAccount } from '../db/workspaces';
import { clientKey } from '../domain/client-address';
import { apiKeyVault, createUser, issueKey } from './accounts';
import { forgetAccountKeys } from './auth';
import type { AppDeps } from './context';

/**
 * The web application's accounts and sessions (spec Authentication, 7): sign-up, sign-in with an
 * argon2id password, browser sessions kept in PostgreSQL, the personal key page.
 */

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
const ANONYMOUS_SESSION_MS = 2 * 3_600_000;
const SIGNED_IN_SESSION_MS = 7 * 86_400_000;

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): slow for a guesser, quick enough for a sign-in.
const ARGON2 = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const now = (deps: Pick<AppDeps, 'clock'>) => (deps.clock ? deps.clock() : new Date());

export function hashPassword(password: string): Promise<string> {
  return argonHash(password, ARGON2);
}

// Verified when the e-mail matches no account, so both answers take as long (no timing tells).
let decoy: Promise<string> | null = null;

export type WebSession = {
  /** The cookie's value; only its hash is stored. */
  token: string;
  idHash: string;
  accountId: string | null;
  csrfToken: string;
  expiresAt: Date;
};

const tokenHash = (token: string) => createHash('sha256').update(`web-session:${token}`).digest('hex');

/** A new session (anonymous, or signed in as `accountId`) with its own CSRF token. */
export async function startSession(deps: AppDeps, accountId: string | null, csrfToken: string): Promise<WebSession> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = now(deps);
  const expiresAt = new Date(createdAt.getTime() + (accountId ? SIGNED_IN_SESSION_MS : ANONYMOUS_SESSION_MS));
  const session = { token, idHash: tokenHash(token), accountId, csrfToken, expiresAt };
  await insertWebSession(deps.orm.em.fork(), { ...session, createdAt, flash: null });
  return session;
}

/** The live session a cookie names, or null. */
export async function sessionFor(deps: AppDeps, token: string | undefined): Promise<WebSession | null> {
  if (!token || token.length > 100) return null;
  const row = await liveWebSession(deps.orm.em.fork(), tokenHash(token), now(deps));
  return row
    ? { token, idHash: row.idHash, accountId: row.accountId, csrfToken: row.csrfToken, expiresAt: row.expiresAt }
    : null;
}

export async function endSession(deps: AppDeps, session: WebSession): Promise<void> {
  await deleteWebSession(deps.orm.em.fork(), session.idHash);
}

export async function signedInAccount(deps: AppDeps, session: WebSession | null): Promise<Account | null> {
  if (!session?.accountId) return null;
  return deps.orm.em.fork().findOne(Account, { id: session.accountId, disabledAt: null });
}

async function accountByEmail(em: EntityManager, email: string): Promise<Account | null> {
  const rows = await em.execute<Record<string, unknown>[]>(
    'select * from accounts where lower(email) = lower(?) limit 2',
    [email],
  );
  // Two accounts differing only in case (made by the admin command): neither signs in by e-mail.
  return rows.length === 1 ? em.map(Account, rows[0]!) : null;
}

export type Limited = { kind: 'limited'; retryInSeconds: number };

/** Fixed windows in PostgreSQL, shared by every API process; the first one over its limit answers. */
async function overLimit(
  deps: AppDeps,
  counters: { key: string; limit: number; windowSeconds: number }[],
): Promise<Limited | null> {
  const em = deps.orm.em.fork();
  for (const c of counters) {
    const { count, resetInSeconds } = await hitCounter(em, c.key, c.windowSeconds);
    if (count > c.limit) return { kind: 'limited', retryInSeconds: Math.max(1, resetInSeconds) };
  }
  return null;
}

/**
 * Signs in: attempts are limited per account and per address (counted before the password is
 * checked, so a guesser learns nothing once limited); a wrong e-mail and a wrong password read alike.
 */
export async function signIn(
  deps: AppDeps,
  input: { email: string; password: string; ip: string | undefined },
): Promise<{ kind: 'ok'; accountId: string } | { kind: 'wrong' } | Limited> {
  const { signInPerAccount, signInPerAddress, signInWindowSeconds } = deps.config.webApp;
  const limited = await overLimit(deps, [
    { key: `sign_in:address:${clientKey(input.ip)}`, limit: signInPerAddress, windowSeconds: signInWindowSeconds },
    {
      key: `sign_in:account:${input.email.trim().toLowerCase()}`,
      limit: signInPerAccount,
      windowSeconds: signInWindowSeconds,
    },
  ]);
  if (limited) return limited;
  const account = await accountByEmail(deps.orm.em.fork(), input.email.trim());
  if (!account?.passwordHash || account.disabledAt) {
    decoy ??= hashPassword(randomBytes(16).toString('hex'));
    await argonVerify(await decoy, input.password).catch(() => false);
    return { kind: 'wrong' };
  }
  const ok = await argonVerify(account.passwordHash, input.password).catch(() => false);
  if (!ok) return { kind: 'wrong' };
  await pruneWebSessions(deps.orm.em.fork(), now(deps));
  return { kind: 'ok', accountId: account.id };
}

/**
 * Sign-up (challenged by the caller before it comes here): the account, its first workspace (the
 * account owns it) and its personal key, sealed for a later handoff. Limited per address too.
 */
export async function signUp(
  deps: AppDeps,
  input: { email: string; password: string; workspaceName: string; ip: string | undefined },
): Promise<{ kind: 'ok'; accountId: string; apiKey: string } | { kind: 'taken' } | Limited> {
  const limited = await overLimit(deps, [
    {
      key: `sign_up:address:${clientKey(input.ip)}`,
      limit: deps.config.webApp.signUpPerAddressPerHour,
      windowSeconds: 3600,
    },
  ]);
  if (limited) return limited;
  const email = input.email.trim();
  const em = deps.orm.em.fork();
  const existing = await em.execute<unknown[]>('select 1 from accounts where lower(email) = lower(?) limit 1', [email]);
  if (existing.length > 0) return { kind: 'taken' };
  const passwordHash = await hashPassword(input.password);
  try {
    const created = await createUser(em, {
      email,
      workspaceName: input.workspaceName,
      passwordHash,
      signingSecret: deps.config.signingSecret,
    });
    return { kind: 'ok', accountId: created.account_id, apiKey: created.api_key };
  } catch (err) {
    // Two sign-ups with one e-mail at the same moment: the unique index decides.
    if ((err as { code?: string }).code === '23505' || /already exists/.test((err as Error).message))
      return { kind: 'taken' };
    throw err;
  }
}

/** The admin command's `set-password`: the account can then sign in to the web application. */
export async function setPassword(em: EntityManager, email: string, password: string): Promise<{ account_id: string }> {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    throw new Error(`a password has ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  const account = await accountByEmail(em, email);
  if (!account) throw new Error(`no account with email ${email}`);
  await em.nativeUpdate(Account, { id: account.id }, { passwordHash: await hashPassword(password) });
  return { account_id: account.id };
}

/** What the key page shows: the pin, when the key was made, the last handoff, and a key just made (once). */
export async function keyPage(deps: AppDeps, account: Account, session: WebSession) {
  const em = deps.orm.em.fork();
  const sealed = await swapFlash(em, session.idHash, null);
  const newKey =
    sealed && deps.config.signingSecret ? apiKeyVault(deps.config.signingSecret).open<string>(sealed) : null;
  const handoff = await lastHandoff(em, account.id);
  const workspaces = handoff ? await workspacesOfAccount(em, account.id, { afterId: null, limit: 100 }) : [];
  const handoffWorkspace = handoff ? workspaces.find((w) => w.workspace.id === handoff.workspaceId)?.workspace : null;
  return {
    email: account.email,
    versionPin: account.versionPin,
    keyCreatedAt: account.apiKeyCreatedAt,
    handoverable: account.apiKeySealed !== null,
    newKey,
    lastHandoff: handoff
      ? { at: handoff.usedAt, from: handoff.usedFrom, workspaceName: handoffWorkspace?.name ?? handoff.workspaceId }
      : null,
  };
}

/** Regenerate: a new key at once, the old one refused at once by this process and the other API processes of its cluster, and by any other API process within the key cache's half second; the new one is shown once on the next page. */
export async function regenerateKey(deps: AppDeps, account: Account, session: WebSession): Promise<void> {
  const em = deps.orm.em.fork();
  const fresh = await em.findOneOrFail(Account, { id: account.id });
  const apiKey = issueKey(fresh, deps.config.signingSecret, now(deps));
  await em.flush();
  forgetAccountKeys(em, fresh.id);
  await showOnce(deps, session, apiKey);
}

/** Keeps a key for the next page of this session only, sealed. */
export async function showOnce(deps: AppDeps, session: WebSession, apiKey: string): Promise<void> {
  if (!deps.config.signingSecret) return;
  await swapFlash(deps.orm.em.fork(), session.idHash, apiKeyVault(deps.config.signingSecret).seal(apiKey));
}
