import { insertHandoffCode, pruneHandoffCodes, spendHandoffCode } from '../db/agent-sessions';
import { Account, type Workspace } from '../db/entities';
import { hitCounter } from '../db/rate-limits';
import { workspacesOfAccount } from '../db/workspaces';
import {
  generateHandoffCode,
  HANDOFF_CODE_TTL_MS,
  hashHandoffCode,
  normalizeHandoffCode,
} from '../domain/agent-sessions';
import { clientKey } from '../domain/client-address';
import { ApiError, rateLimited } from '../domain/errors';
import { CURRENT_VERSION } from '../domain/versions';
import { serializeAgentSession } from '../representations/agent-session';
import type { Representation } from '../domain/versions';
import { apiKeyVault } from './accounts';
import type { AppDeps } from './context';
import { now } from './web-app';

/**
 * The agent handoff (spec Authentication, 8; Agent session): the signed-in user's page makes a
 * code valid 5 minutes, stored hashed; the agent exchanges it once, without a key, for the user's
 * personal key and a workspace the user can write to.
 */

/** Workspaces the agent may be given: those where the user is not only a guest, oldest first. */
export async function writableWorkspaces(deps: AppDeps, accountId: string): Promise<Workspace[]> {
  const rows = await workspacesOfAccount(deps.orm.em.fork(), accountId, { afterId: null, limit: 100 });
  return rows.filter((r) => r.access.role !== 'guest').map((r) => r.workspace);
}

/** A new code for the page being loaded: shown once, valid 5 minutes from now, for one exchange. */
export async function newHandoffCode(
  deps: AppDeps,
  account: Account,
  workspace: Workspace,
): Promise<{ code: string; expiresAt: Date }> {
  const code = generateHandoffCode();
  const createdAt = now(deps);
  const expiresAt = new Date(createdAt.getTime() + HANDOFF_CODE_TTL_MS);
  const em = deps.orm.em.fork();
  await pruneHandoffCodes(em, account.id, createdAt);
  await insertHandoffCode(em, {
    codeHash: hashHandoffCode(normalizeHandoffCode(code)!),
    accountId: account.id,
    workspaceId: workspace.id,
    createdAt,
    expiresAt,
  });
  return { code, expiresAt };
}

const invalidCode = () =>
  new ApiError(
    401,
    'unauthorized',
    'This code is not valid: it is wrong, was already used, or expired (a code works once, for 5 minutes). Ask the user to open the handoff page again for a new one.',
  );

/**
 * POST /agent_sessions. Every attempt counts toward two limits checked first, per client address
 * and for the whole service, so a 100-bit code cannot be guessed in its 5 minutes from many
 * addresses either. Answers the representation and the pin of the key handed over: without a
 * Service-Version header the answer is served at that pin (an integer workspace_id before 2026-10-09).
 */
export async function exchangeHandoffCode(
  deps: AppDeps,
  input: { token: string; ip: string | undefined },
): Promise<{ body: Representation; pin: string }> {
  const em = deps.orm.em.fork();
  const { agentSessionsPerAddress, agentSessionsPerMinute } = deps.config.webApp;
  // The address's own limit first: an address over it does not spend the whole service's budget.
  const address = clientKey(input.ip);
  const mine = await hitCounter(em, `agent_sessions:address:${address}`, 60);
  if (mine.count > agentSessionsPerAddress)
    throw rateLimited(
      mine.resetInSeconds,
      'rate_limited',
      `At most ${agentSessionsPerAddress} handoff attempts a minute from one address.`,
    );
  const everyone = await hitCounter(em, 'agent_sessions:all', 60);
  if (everyone.count > agentSessionsPerMinute)
    throw rateLimited(everyone.resetInSeconds, 'rate_limited', 'Too many handoff attempts on this service right now.');

  const normalized = normalizeHandoffCode(input.token);
  if (!normalized) throw invalidCode();
  const spent = await spendHandoffCode(em, hashHandoffCode(normalized), now(deps), address);
  if (!spent) throw invalidCode();
  const account = await em.findOne(Account, { id: spent.accountId });
  const workspace = (await writableWorkspaces(deps, spent.accountId)).find((w) => w.id === spent.workspaceId);
  // The key was regenerated without a sealed copy, or access to the workspace ended since the page loaded.
  if (!account?.apiKeySealed || account.disabledAt || !deps.config.signingSecret || !workspace) throw invalidCode();
  const apiKey = apiKeyVault(deps.config.signingSecret).open<string>(account.apiKeySealed);
  return {
    body: serializeAgentSession(apiKey, workspace),
    pin: account.versionPin ?? CURRENT_VERSION,
  };
}
