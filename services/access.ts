import { Workspace, WorkspaceAccess, type Role } from '../db/entities';
import type { RequestCtx } from './context';
import { ApiError, notFound, unauthorized } from '../domain/errors';

export type WorkspaceGrant = { workspace: Workspace; access: WorkspaceAccess };

type Options = {
  /** Roles allowed; all when omitted. */
  roles?: Role[];
  /** What a key without access gets: 401 for a workspace named in a parameter, 404 for an id in the path. */
  hidden?: 'unauthorized' | 'not_found';
  /** The error for a role outside `roles` (default 401 unauthorized). */
  forbidden?: () => ApiError;
};

/** Loads a workspace the key may see, checking its role (spec: Authentication, 2–4). */
export async function workspaceFor(ctx: RequestCtx, idOrLegacy: string, opts: Options = {}): Promise<WorkspaceGrant> {
  const where = /^\d+$/.test(idOrLegacy) ? { legacyId: Number(idOrLegacy) } : { id: idOrLegacy };
  const workspace = await ctx.em.findOne(Workspace, { ...where, archivedAt: null });
  const access = workspace
    ? await ctx.em.findOne(WorkspaceAccess, { accountId: ctx.account.id, workspaceId: workspace.id })
    : null;
  if (!workspace || !access) throw opts.hidden === 'not_found' ? notFound('Workspace') : unauthorized();
  if (opts.roles && !opts.roles.includes(access.role)) throw (opts.forbidden ?? unauthorized)();
  return { workspace, access };
}

/** For an object found by id: the key's access to its workspace, or 404 when the key cannot see it. */
export async function accessToObject(
  ctx: RequestCtx,
  workspaceId: string,
  what: string,
  opts: Omit<Options, 'hidden'> = {},
): Promise<WorkspaceGrant> {
  try {
    return await workspaceFor(ctx, workspaceId, { ...opts, hidden: 'not_found' });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw notFound(what);
    throw err;
  }
}

export const MANAGERS: Role[] = ['owner', 'admin'];

/** A guest sees only what is shared with it: a workspace-wide list answers 403 (spec Errors › Codes by status). */
export function refuseGuest(access: WorkspaceAccess, what: string): void {
  if (access.role === 'guest')
    throw new ApiError(
      403,
      'workspace_access_not_allowed',
      `A guest of the workspace sees only what is shared with it, not the workspace's ${what}.`,
    );
}
