import type { EntityManager } from '@mikro-orm/postgresql';
import { Account, Workspace, WorkspaceAccess, type Role } from '../db/entities';
import { generateApiKey, hashApiKey } from '../domain/api-keys';
import { newId } from '../domain/ids';
import { VERSIONS } from '../domain/versions';
import { persistOwnSettings } from '../db/settings';
import { createVault, type Vault } from '../runtime/vault';
import { forgetAccountKeys } from './auth';

/**
 * Where the personal key is kept readable: sealed under a key derived from the signing secret, so
 * the agent handoff can hand it over (spec Authentication, 8); lookups use only its hash.
 */
export function apiKeyVault(signingSecret: string): Vault {
  return createVault(signingSecret, 'personal-api-keys');
}

/** Gives the account a new key (the old one stops working at once) and answers it, once. */
export function issueKey(account: Account, signingSecret: string | null | undefined, now = new Date()): string {
  const apiKey = generateApiKey();
  account.apiKeyHash = hashApiKey(apiKey);
  account.apiKeySealed = signingSecret ? apiKeyVault(signingSecret).seal(apiKey) : null;
  account.apiKeyCreatedAt = now;
  return apiKey;
}

/** Operator actions on accounts (no unattended sign-up exists): used by the admin command and tests. */

export async function createUser(
  em: EntityManager,
  input: {
    email: string;
    name?: string | null;
    workspaceName?: string | null;
    staff?: boolean;
    /** Seals the key for the agent handoff; without it the key can be handed over only after a regeneration. */
    signingSecret?: string | null;
    /** An argon2id hash: the account can sign in to the web application. */
    passwordHash?: string | null;
  },
): Promise<{ account_id: string; api_key: string; workspace_id: string | null }> {
  return em.transactional(async (tem) => {
    if (await tem.findOne(Account, { email: input.email }))
      throw new Error(`an account with email ${input.email} already exists (use rotate-key for a new key)`);
    const account = new Account();
    account.id = newId('account');
    account.email = input.email;
    account.name = input.name ?? null;
    account.isStaff = input.staff ?? false;
    account.passwordHash = input.passwordHash ?? null;
    const apiKey = issueKey(account, input.signingSecret);
    tem.persist(account);
    // Entities here carry plain id columns, not relations: flush in foreign-key order.
    await tem.flush();
    let workspaceId: string | null = null;
    if (input.workspaceName) {
      const ws = new Workspace();
      ws.id = newId('workspace');
      ws.name = input.workspaceName;
      ws.createdBy = account.id;
      tem.persist(ws);
      await tem.flush();
      const access = new WorkspaceAccess();
      access.accountId = account.id;
      access.workspaceId = ws.id;
      access.role = 'owner';
      tem.persist(access);
      await persistOwnSettings(tem, { kind: 'workspace', id: ws.id, workspaceId: ws.id });
      workspaceId = ws.id;
    }
    return { account_id: account.id, api_key: apiKey, workspace_id: workspaceId };
  });
}

/** A new key for the account; the old one stops working at once, everywhere. */
export async function rotateKey(
  em: EntityManager,
  email: string,
  signingSecret?: string | null,
): Promise<{ account_id: string; api_key: string }> {
  const account = await em.findOne(Account, { email });
  if (!account) throw new Error(`no account with email ${email}`);
  const apiKey = issueKey(account, signingSecret);
  await em.flush();
  forgetAccountKeys(em, account.id);
  return { account_id: account.id, api_key: apiKey };
}

/** Gives an account a role in a workspace (for `member`, optionally the member it reads as). */
export async function grantAccess(
  em: EntityManager,
  input: { email: string; workspaceId: string; role: Role; memberId?: string | null },
): Promise<void> {
  const account = await em.findOne(Account, { email: input.email });
  if (!account) throw new Error(`no account with email ${input.email}`);
  if (!(await em.findOne(Workspace, { id: input.workspaceId }))) throw new Error(`no workspace ${input.workspaceId}`);
  await em.upsert(WorkspaceAccess, {
    accountId: account.id,
    workspaceId: input.workspaceId,
    role: input.role,
    memberId: input.memberId ?? null,
    createdAt: new Date(),
  });
}

/** Moves a key's version pin (spec Versioning, 3: "until moved by contacting support"). */
export async function setPin(em: EntityManager, email: string, version: string): Promise<void> {
  if (!(VERSIONS as readonly string[]).includes(version))
    throw new Error(`unknown version ${version}; known: ${VERSIONS.join(', ')}`);
  const account = await em.findOne(Account, { email });
  if (!account) throw new Error(`no account with email ${email}`);
  account.versionPin = version;
  await em.flush();
  forgetAccountKeys(em, account.id);
}
