import type { Workspace, WorkspaceAccess, Role } from '../db/entities';
import { workspaceWithAccess } from '../db/workspaces';
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
  /** The caller changes the workspace and flushes: it is managed by the request's EntityManager (else read only). */
  change?: boolean;
};

/** Loads a workspace the key may see, checking its role (spec: Authentication, 2–4); read only unless `change`. */
export async function workspaceFor(ctx: RequestCtx, idOrLegacy: string, opts: Options = {}): Promise<WorkspaceGrant> {
  const where = /^\d+$/.test(idOrLegacy) ? { legacyId: Number(idOrLegacy) } : { id: idOrLegacy };
  // One statement: the live workspace joined with the key's access to it.
  const grant = await workspaceWithAccess(ctx.em, ctx.account.id, where);
  if (!grant) throw opts.hidden === 'not_found' ? notFound('Workspace') : unauthorized();
  if (opts.roles && !opts.roles.includes(grant.access.role)) throw (opts.forbidden ?? unauthorized)();
  return opts.change ? { workspace: ctx.em.merge(grant.workspace), access: grant.access } : grant;
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
