import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BrandKit, File, Settings, Workspace, WorkspaceAccess } from '../db/entities';
import { settingsNamingKit } from '../db/brand-kits';
import { settingsForWorkspaces } from '../db/settings';
import {
  applyKitWrite,
  defaultKit,
  imageAt,
  imageRefsOf,
  PREVIEW_TTL_MS,
  type ImageSlot,
  type KitImage,
  type KitWrite,
} from '../domain/brand-kits';
import { ApiError, notFound, unauthorized, ValidationFailed, type FieldIssue } from '../domain/errors';
import { FILE_URL_TTL_MS } from '../domain/files';
import { newId, ulid } from '../domain/ids';
import { mergeMetadata } from '../domain/metadata';
import { decodeCursor, pageOf, type Page } from '../domain/pagination';
import type { KitView } from '../representations/brand-kit';
import { verifyMediaSignature, type MediaStorage } from '../runtime/storage';
import type { BotBranding } from '../activities/providers/types';
import { MANAGERS, workspaceFor } from './access';
import type { AppDeps, RequestCtx } from './context';
import { checkSignedLink, signedQuery, workspaceOrOnly } from './files';
import { announceSettingsChange } from './settings-effects';
// Called at request time only: the cycle with ./settings (which checks kits) is harmless.
import { assertMayChange, assertMeetingUpcoming, updateSettings } from './settings';

/** The kit's copy of an image lives beside the kit: `brand_kits/<brk_id>/<name>`. */
const imageName = (image: KitImage) => image.key.split('/').pop()!;

export function kitImageUrl(deps: AppDeps, kitId: string, image: KitImage): string {
  const expiresAt = new Date(Date.now() + FILE_URL_TTL_MS);
  return `${deps.baseUrl()}/brand_kits/${kitId}/images/${imageName(image)}${signedQuery(deps, image.key, expiresAt)}`;
}

const previewKey = (kitId: string) => `brand_kit_previews/${kitId}`;
const appUrl = (deps: AppDeps) => deps.config.appUrl ?? deps.baseUrl().replace(/\/api\/v1\/?$/, '');

/** A fresh preview link, valid ten minutes (spec: Brand kit, preview_url). */
export function previewLink(deps: AppDeps, kitId: string): { url: string; expiresAt: Date } {
  const expiresAt = new Date(Date.now() + PREVIEW_TTL_MS);
  return {
    url: `${appUrl(deps)}/brand_kit_previews/${kitId}${signedQuery(deps, previewKey(kitId), expiresAt)}`,
    expiresAt,
  };
}

/** The key's workspaces (not archived) with its role in each. */
async function keyWorkspaces(ctx: RequestCtx): Promise<{ workspace: Workspace; access: WorkspaceAccess }[]> {
  const accesses = await ctx.em.find(WorkspaceAccess, { accountId: ctx.account.id });
  if (accesses.length === 0) return [];
  const workspaces = await ctx.em.find(Workspace, {
    id: { $in: accesses.map((a) => a.workspaceId) },
    archivedAt: null,
  });
  const byId = new Map(accesses.map((a) => [a.workspaceId, a]));
  return workspaces.map((workspace) => ({ workspace, access: byId.get(workspace.id)! }));
}

/** Which brand kit each of the key's workspaces uses (its workspace-level `branding.brand_kit_id`). */
async function kitsInUse(ctx: RequestCtx): Promise<{
  workspaces: { workspace: Workspace; access: WorkspaceAccess }[];
  usedBy: Map<string, string[]>;
}> {
  const workspaces = await keyWorkspaces(ctx);
  const blocks = await settingsForWorkspaces(
    ctx.em,
    workspaces.map((w) => w.workspace),
  );
  const usedBy = new Map<string, string[]>();
  for (const { workspace } of workspaces) {
    const kit = blocks.get(workspace.id)?.branding.brand_kit_id;
    if (kit && kit.startsWith('brk_')) usedBy.set(kit, [...(usedBy.get(kit) ?? []), workspace.id]);
  }
  return { workspaces, usedBy };
}

export type KitWithView = { kit: BrandKit; view: KitView };

async function viewOf(ctx: RequestCtx, kit: BrandKit, inUse?: Awaited<ReturnType<typeof kitsInUse>>): Promise<KitView> {
  const { workspaces, usedBy } = inUse ?? (await kitsInUse(ctx));
  const owner = workspaces.find((w) => w.workspace.id === kit.workspaceId);
  return {
    imageUrl: (image) => kitImageUrl(ctx.deps, kit.id, image),
    ownerVisible: owner !== undefined,
    workspaceIds: usedBy.get(kit.id) ?? [],
    preview: previewLink(ctx.deps, kit.id),
    // A bigserial column: the driver reads it as text.
    ...(owner?.workspace.legacyId != null ? { workspaceNumber: Number(owner.workspace.legacyId) } : {}),
  };
}

/** A kit the key sees: keys of the owner workspace, and of the workspaces that use it; others 404. */
async function loadVisible(ctx: RequestCtx, id: string): Promise<KitWithView> {
  const kit = await ctx.em.findOne(BrandKit, { id });
  if (!kit) throw notFound('Brand kit');
  const view = await viewOf(ctx, kit);
  if (!view.ownerVisible && view.workspaceIds.length === 0) throw notFound('Brand kit');
  return { kit, view };
}

/** A kit the key may change: an owner or admin of the owner workspace; anyone else 401 (spec: Authentication, 3). */
async function loadWritable(ctx: RequestCtx, id: string): Promise<BrandKit> {
  const kit = await ctx.em.findOne(BrandKit, { id });
  if (!kit) throw notFound('Brand kit');
  const access = await ctx.em.findOne(WorkspaceAccess, { accountId: ctx.account.id, workspaceId: kit.workspaceId });
  if (!access || !MANAGERS.includes(access.role)) throw unauthorized();
  return kit;
}

/**
 * The kit's image for each slot a write names: the image it has when the write names the same file
 * (a read sent back), else a fresh copy of the named file's bytes, which the key must be able to read.
 */
async function imagesFor(
  ctx: RequestCtx,
  kitId: string,
  write: KitWrite,
  current: { bot: BrandKit['bot']; email: BrandKit['email'] } | null,
): Promise<{ images: Partial<Record<ImageSlot, KitImage | null>>; copied: KitImage[] }> {
  const images: Partial<Record<ImageSlot, KitImage | null>> = {};
  const copied: KitImage[] = [];
  const issues: FieldIssue[] = [];
  const keyWorkspaceIds = new Set(
    (await ctx.em.find(WorkspaceAccess, { accountId: ctx.account.id })).map((a) => a.workspaceId),
  );
  for (const [slot, fileId] of Object.entries(imageRefsOf(write)) as [ImageSlot, string | null][]) {
    if (fileId === null) {
      images[slot] = null;
      continue;
    }
    const had = current ? imageAt(current, slot) : null;
    if (had?.file_id === fileId) {
      images[slot] = had;
      continue;
    }
    const file = await ctx.em.findOne(File, { id: fileId });
    const bytes = file && keyWorkspaceIds.has(file.workspaceId) ? await ctx.deps.storage.get(file.storageKey) : null;
    if (!file || !bytes) {
      issues.push({ code: 'invalid', field: slot, message: `${slot} names no file this key can use: ${fileId}.` });
      continue;
    }
    const image: KitImage = {
      file_id: file.id,
      key: `brand_kits/${kitId}/img_${ulid()}`,
      content_type: file.contentType,
    };
    await ctx.deps.storage.put(image.key, bytes);
    copied.push(image);
    images[slot] = image;
  }
  if (issues.length) {
    await dropImages(ctx.deps, copied);
    throw new ValidationFailed(issues);
  }
  return { images, copied };
}

async function dropImages(deps: AppDeps, images: KitImage[]): Promise<void> {
  await Promise.all(images.map((i) => deps.storage.delete(i.key).catch(() => undefined)));
}

const imagesOf = (kit: { bot: BrandKit['bot']; email: BrandKit['email'] }) =>
  [kit.bot.tile.logo.file, kit.bot.tile.image.file, kit.email.branded.logo].filter((i): i is KitImage => !!i);

/** POST /brand_kits (owners and admins of the owner workspace): every group left out takes its default. */
export async function createBrandKit(
  ctx: RequestCtx,
  body: KitWrite & { workspace_id?: string; metadata?: unknown },
): Promise<KitWithView> {
  const { workspace } = await workspaceOrOnly(ctx, body.workspace_id);
  const id = newId('brandKit');
  const { images, copied } = await imagesFor(ctx, id, body, null);
  const { bot, email, issues } = applyKitWrite(defaultKit(workspace.name), body, images);
  if (issues.length) {
    await dropImages(ctx.deps, copied);
    throw new ValidationFailed(issues);
  }
  const now = new Date();
  const kit = Object.assign(new BrandKit(), {
    id,
    workspaceId: workspace.id,
    bot,
    email,
    metadata: body.metadata === undefined ? {} : mergeMetadata({}, body.metadata),
    createdAt: now,
    updatedAt: now,
  });
  try {
    await ctx.em.persist(kit).flush();
  } catch (err) {
    await dropImages(ctx.deps, copied);
    throw err;
  }
  return { kit, view: await viewOf(ctx, kit) };
}

export async function getBrandKit(ctx: RequestCtx, id: string): Promise<KitWithView> {
  return loadVisible(ctx, id);
}

/**
 * GET /brand_kits?workspace_id=: the kits the workspace owns and the one it uses (owned by another
 * workspace of the same creator), oldest first.
 */
export async function listBrandKits(
  ctx: RequestCtx,
  query: { workspace_id: string; cursor?: string; limit: number },
): Promise<Page<KitWithView>> {
  const { workspace } = await workspaceFor(ctx, query.workspace_id);
  const inUse = await kitsInUse(ctx);
  const used = [...inUse.usedBy].find(([, ws]) => ws.includes(workspace.id))?.[0];
  const after = decodeCursor<{ id: string }>(query.cursor, { id: 'string' });
  const rows = await ctx.em.find(
    BrandKit,
    { $or: [{ workspaceId: workspace.id }, ...(used ? [{ id: used }] : [])], id: { $gt: after?.id ?? '' } },
    { orderBy: { id: 'asc' }, limit: query.limit + 1 },
  );
  const page = pageOf(rows, query.limit, (k) => ({ id: k.id }));
  const data = await Promise.all(page.data.map(async (kit) => ({ kit, view: await viewOf(ctx, kit, inUse) })));
  return { ...page, data };
}

/**
 * PATCH /brand_kits/{id}: only the fields named change, at any depth. `workspace_ids: []` makes
 * every workspace the key manages stop using the kit: settings of those workspaces that name it
 * leave `branding.brand_kit_id` to the next layer (their meetings are re-resolved as any settings change).
 */
export async function updateBrandKit(
  ctx: RequestCtx,
  id: string,
  body: KitWrite & { metadata?: unknown; workspace_ids?: string[] },
): Promise<KitWithView> {
  const found = await loadWritable(ctx, id);
  const { images, copied } = await imagesFor(ctx, found.id, body, found);
  let replaced: KitImage[] = [];
  try {
    await ctx.em.transactional(async (em) => {
      const kit = await em.findOneOrFail(BrandKit, { id: found.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const { bot, email, issues } = applyKitWrite(kit, body, images);
      if (issues.length) throw new ValidationFailed(issues);
      const kept = new Set(imagesOf({ bot, email }).map((i) => i.key));
      replaced = imagesOf(kit).filter((i) => !kept.has(i.key));
      kit.bot = bot;
      kit.email = email;
      if (body.metadata !== undefined) kit.metadata = mergeMetadata(kit.metadata, body.metadata);
      kit.updatedAt = new Date();
      if (body.workspace_ids !== undefined) await stopUsing(ctx, em, kit.id);
      await em.flush();
    });
  } catch (err) {
    await dropImages(ctx.deps, copied);
    throw err;
  }
  await dropImages(ctx.deps, replaced);
  ctx.em.clear();
  return loadVisible(ctx, id);
}

/**
 * Every settings object of a workspace the key manages that names the kit leaves the path to the next
 * layer; one the key may not change (assigned account-wide by another account, or the own settings of
 * a meeting no longer upcoming) is left as it is, as PATCH /settings/{id} would refuse it.
 */
async function stopUsing(ctx: RequestCtx, em: EntityManager, kitId: string): Promise<void> {
  const managed = new Set(
    (await em.find(WorkspaceAccess, { accountId: ctx.account.id, role: { $in: MANAGERS } })).map((a) => a.workspaceId),
  );
  const naming = (await settingsNamingKit(em, kitId, 1000)).filter((s) => managed.has(s.workspace_id));
  for (const { id } of naming) {
    const s = await em.findOneOrFail(Settings, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    try {
      await assertMayChange(ctx, s);
      if (s.ownKind === 'meeting') await assertMeetingUpcoming(ctx, s.ownId!);
    } catch (err) {
      if (err instanceof ApiError) continue;
      throw err;
    }
    const { ['branding.brand_kit_id']: _gone, ...rest } = s.values;
    s.values = rest;
    s.version += 1;
    s.updatedAt = new Date();
    await em.flush();
    await announceSettingsChange(ctx, em, { settings: s });
  }
}

/** DELETE /brand_kits/{id}: refused while settings name the kit (409 settings_in_use), like a summary template. */
export async function deleteBrandKit(ctx: RequestCtx, id: string): Promise<BrandKit> {
  const kit = await loadWritable(ctx, id);
  const users = await settingsNamingKit(ctx.em, kit.id, 5);
  if (users.length)
    throw new ApiError(
      409,
      'settings_in_use',
      `The brand kit is used by settings ${users.map((u) => u.id).join(', ')}: point their branding.brand_kit_id elsewhere (or PATCH workspace_ids to []) first.`,
    );
  await ctx.em.remove(kit).flush();
  await dropImages(ctx.deps, imagesOf(kit));
  return kit;
}

/**
 * Whether a workspace may use a kit in `branding.brand_kit_id`: a kit it owns, or one owned by
 * another workspace of the same creator (the account whose workspaces an account-level assignment reaches).
 */
export async function brandKitIssue(
  em: EntityManager,
  workspaceId: string,
  value: string,
  field: string,
): Promise<FieldIssue | null> {
  if (!value.startsWith('brk_')) return null;
  const kit = await em.findOne(BrandKit, { id: value });
  if (kit && kit.workspaceId !== workspaceId) {
    const [mine, theirs] = await Promise.all([
      em.findOne(Workspace, { id: workspaceId }),
      em.findOne(Workspace, { id: kit.workspaceId, archivedAt: null }),
    ]);
    if (mine && theirs && mine.createdBy === theirs.createdBy) return null;
  } else if (kit) return null;
  return {
    code: 'invalid',
    field,
    message: `${field} names no brand kit this workspace can use (${value}): a kit of this workspace, or of another workspace created by the same account.`,
  };
}

/** The bytes of one of a kit's images behind its signed link. */
export async function kitImageContent(
  ctx: RequestCtx,
  kitId: string,
  name: string,
  signed: { expires?: string; signature?: string },
): Promise<{ bytes: Buffer; contentType: string }> {
  const key = `brand_kits/${kitId}/${name}`;
  checkSignedLink(ctx.deps, key, signed, 'image');
  const kit = await ctx.em.findOne(BrandKit, { id: kitId });
  const image = kit ? imagesOf(kit).find((i) => i.key === key) : undefined;
  const bytes = image ? await ctx.deps.storage.get(image.key) : null;
  if (!image || !bytes) throw notFound('Image');
  return { bytes, contentType: image.content_type };
}

export type PreviewState =
  | { state: 'ok'; kit: BrandKit; imageUrl: (image: KitImage) => string; appUrl: string }
  | { state: 'expired' }
  | { state: 'invalid' }
  | { state: 'gone' };

/** The kit a preview link shows, as saved now; no key: the link's signature is the credential. */
export async function brandKitPreview(
  deps: AppDeps,
  kitId: string,
  expires: unknown,
  signature: unknown,
): Promise<PreviewState> {
  const check = verifyMediaSignature(
    deps.config.signingSecret!,
    previewKey(kitId),
    typeof expires === 'string' ? expires : '',
    typeof signature === 'string' ? signature : '',
  );
  if (check !== 'ok') return check === 'expired' ? { state: 'expired' } : { state: 'invalid' };
  const kit = await deps.orm.em.fork().findOne(BrandKit, { id: kitId });
  if (!kit) return { state: 'gone' };
  return {
    state: 'ok',
    kit,
    imageUrl: (image: KitImage) => kitImageUrl(deps, kit.id, image),
    appUrl: appUrl(deps),
  };
}

/**
 * The kit of a workspace as pins before 2026-10-12 knew it (`GET /workspaces/{id}/brand_kit`):
 * the kit its settings use, else the oldest kit it owns; 404 when it has none yet.
 */
export async function workspaceBrandKit(ctx: RequestCtx, workspaceId: string): Promise<KitWithView | null> {
  const { workspace } = await workspaceFor(ctx, workspaceId);
  const inUse = await kitsInUse(ctx);
  const used = [...inUse.usedBy].find(([, ws]) => ws.includes(workspace.id))?.[0];
  const kit =
    (used ? await ctx.em.findOne(BrandKit, { id: used }) : null) ??
    (await ctx.em.findOne(BrandKit, { workspaceId: workspace.id }, { orderBy: { id: 'asc' } }));
  return kit ? { kit, view: await viewOf(ctx, kit, inUse) } : null;
}

/**
 * `PATCH /workspaces/{id}/brand_kit` (pins before 2026-10-12; owners and admins): changes the
 * workspace's kit, or creates one for it and makes its own settings use it.
 */
export async function patchWorkspaceBrandKit(
  ctx: RequestCtx,
  workspaceId: string,
  body: KitWrite & { metadata?: unknown },
): Promise<KitWithView> {
  const { workspace } = await workspaceFor(ctx, workspaceId, { roles: MANAGERS });
  const current = await workspaceBrandKit(ctx, workspace.id);
  if (current) return updateBrandKit(ctx, current.kit.id, body);
  const created = await createBrandKit(ctx, { ...body, workspace_id: workspace.id });
  const own = await ctx.em.findOneOrFail(Settings, { ownKind: 'workspace', ownId: workspace.id });
  await updateSettings(ctx, own.id, { branding: { brand_kit_id: created.kit.id } }, undefined);
  ctx.em.clear();
  return loadVisible(ctx, created.kit.id);
}

/**
 * What the meeting-bot provider is given for a meeting's resolved kit: name, tile (with the kit's
 * own copy of its image, as bytes) and chat messages; null when the kit is gone.
 */
export async function brandingForBot(
  em: EntityManager,
  storage: MediaStorage,
  kitId: string,
): Promise<{ name: string; branding: BotBranding } | null> {
  const kit = await em.findOne(BrandKit, { id: kitId });
  if (!kit) return null;
  const { tile, chat } = kit.bot;
  const shown = tile.type === 'logo' ? tile.logo.file : tile.type === 'image' ? tile.image.file : null;
  const bytes = shown ? await storage.get(shown.key) : null;
  return {
    name: kit.bot.name,
    branding: {
      brandKitId: kit.id,
      tile: {
        type: tile.type,
        backgroundColor:
          tile.type === 'color'
            ? tile.color.background_color
            : tile.type === 'logo'
              ? tile.logo.background_color
              : null,
        scale: tile.type === 'logo' ? tile.logo.scale : null,
        image:
          shown && bytes
            ? { fileId: shown.file_id, contentType: shown.content_type, base64: bytes.toString('base64') }
            : null,
      },
      chat: { enabled: chat.enabled, recordingMessage: chat.recording_message, pausedMessage: chat.paused_message },
    },
  };
}
