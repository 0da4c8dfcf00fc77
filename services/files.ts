import { File, WorkspaceAccess } from '../db/entities';
import { ApiError, missingWorkspace, notFound, ValidationFailed } from '../domain/errors';
import { FILE_URL_TTL_MS, fileNameFor, sniffImageType, type FilePurpose } from '../domain/files';
import { newId } from '../domain/ids';
import { signMediaPath, verifyMediaSignature } from '../runtime/storage';
import { accessToObject, MANAGERS, workspaceFor } from './access';
import type { AppDeps, RequestCtx } from './context';

/** Where a file's bytes live in storage. */
export const fileKey = (id: string) => `files/${id}`;

/** `?expires=…&signature=…` of a storage key (the HMAC of runtime/storage), for a URL of our own path. */
export function signedQuery(deps: AppDeps, key: string, expiresAt: Date): string {
  return signMediaPath(deps.config.signingSecret!, key, expiresAt).slice(key.length);
}

/** A file's download URL, signed for a year from now (spec: File, url; fresh on every read). */
export function fileUrl(deps: AppDeps, file: File): string {
  return `${deps.baseUrl()}/files/${file.id}/content${signedQuery(deps, file.storageKey, new Date(Date.now() + FILE_URL_TTL_MS))}`;
}

/** The workspace a request names, or the key's only workspace when it names none. */
export async function workspaceOrOnly(ctx: RequestCtx, workspaceId: string | undefined) {
  if (workspaceId !== undefined) return workspaceFor(ctx, workspaceId, { roles: MANAGERS });
  const accesses = await ctx.em.find(WorkspaceAccess, { accountId: ctx.account.id }, { limit: 2 });
  if (accesses.length !== 1) throw missingWorkspace();
  return workspaceFor(ctx, accesses[0]!.workspaceId, { roles: MANAGERS });
}

export type Upload = { filename: string | null; declaredType: string | null; bytes: Buffer };

/**
 * POST /files (owners and admins): the type is read from the bytes, whatever the declared type or
 * name says; the name's extension is made to match it; the bytes go to storage, then the row.
 */
export async function uploadFile(
  ctx: RequestCtx,
  input: { workspace_id?: string; purpose: FilePurpose; upload: Upload },
): Promise<File> {
  const { workspace } = await workspaceOrOnly(ctx, input.workspace_id);
  const { bytes } = input.upload;
  if (bytes.length === 0)
    throw new ValidationFailed([{ code: 'blank', field: 'file', message: 'file is empty: send the image’s bytes.' }]);
  const type = sniffImageType(bytes);
  if (!type)
    throw new ValidationFailed([
      {
        code: 'unsupported_file_type',
        field: 'file',
        message: `The file is not a PNG, JPEG, GIF, WebP or SVG image (its type is read from its bytes${
          input.upload.declaredType ? `, not from the declared ${input.upload.declaredType}` : ''
        }).`,
      },
    ]);
  const id = newId('file');
  const file = Object.assign(new File(), {
    id,
    workspaceId: workspace.id,
    purpose: input.purpose,
    filename: fileNameFor(input.upload.filename, type),
    contentType: type,
    size: bytes.length,
    storageKey: fileKey(id),
    createdBy: ctx.account.id,
    createdAt: new Date(),
  });
  await ctx.deps.storage.put(file.storageKey, bytes);
  try {
    await ctx.em.persist(file).flush();
  } catch (err) {
    await ctx.deps.storage.delete(file.storageKey).catch(() => undefined);
    throw err;
  }
  return file;
}

/** Any key belonging to the file's workspace reads it; others get 404 (spec: File). */
export async function getFile(ctx: RequestCtx, id: string): Promise<File> {
  const file = await ctx.em.findOne(File, { id });
  if (!file) throw notFound('File');
  await accessToObject(ctx, file.workspaceId, 'File');
  return file;
}

/** DELETE /files/{id} (owners and admins; an addition): brand kits keep their own copies of its bytes. */
export async function deleteFile(ctx: RequestCtx, id: string): Promise<File> {
  const file = await getFile(ctx, id);
  await accessToObject(ctx, file.workspaceId, 'File', { roles: MANAGERS });
  await ctx.em.remove(file).flush();
  await ctx.deps.storage.delete(file.storageKey);
  return file;
}

/** Checks a signed download link of a storage key: 401 when expired or altered. */
export function checkSignedLink(
  deps: AppDeps,
  key: string,
  signed: { expires?: string; signature?: string },
  what: string,
): void {
  const check = verifyMediaSignature(deps.config.signingSecret!, key, signed.expires ?? '', signed.signature ?? '');
  if (check !== 'ok')
    throw new ApiError(
      401,
      'unauthorized',
      check === 'expired'
        ? `This ${what} link has expired: read the object again for a fresh one.`
        : `This ${what} link is not valid.`,
    );
}

/** The bytes behind a file's signed link. */
export async function fileContent(
  ctx: RequestCtx,
  id: string,
  signed: { expires?: string; signature?: string },
): Promise<{ file: File; bytes: Buffer }> {
  // The signature first: an altered link reads 401 whether or not the id names a file.
  checkSignedLink(ctx.deps, fileKey(id), signed, 'file');
  const file = await ctx.em.findOne(File, { id });
  if (!file) throw notFound('File');
  const bytes = await ctx.deps.storage.get(file.storageKey);
  if (!bytes) throw notFound('File');
  return { file, bytes };
}
