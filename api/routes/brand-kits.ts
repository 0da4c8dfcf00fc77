import * as kits from '../../services/brand-kits';
import { ApiError } from '../../domain/errors';
import { CTA_TYPES, EMAIL_TYPES, TILE_TYPES } from '../../domain/brand-kits';
import { mapPage } from '../../domain/pagination';
import { before } from '../../domain/versions';
import { brandKitSchema, serializeBrandKit } from '../../representations/brand-kit';
import { z } from '../../representations/zod';
import { idParams, metadataInput, workspaceIdInput } from '../inputs';
import { listQuery } from '../pagination';
import { defineRoute, listSchema } from '../routing';
import { downloadHeaders } from './files';

const color = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'Must be a hex colour: #rrggbb or #rgb.' })
  .openapi({ description: 'A hex colour, `#rrggbb` or `#rgb`.', example: '#1f2937' });
const webUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { message: 'Must be an http(s) link.' });
const fileId = z.string().regex(/^file_[0-9a-z]{26}$/, { message: 'Must be a file_ id.' });
const fileRef = z
  .union([fileId, z.strictObject({ id: fileId, url: z.string().max(4096).optional() }), z.null()])
  .openapi({
    description:
      'An uploaded image: a `file_` id, or the `{ id, url }` object a read returns (kept as it is when it names the image the kit has); null removes it. The kit copies the file’s bytes.',
  });
const text = (max: number) => z.string().trim().min(1).max(max);

const botWrite = z.strictObject({
  name: text(100).optional().openapi({ description: 'The notetaker’s name in the call (at most 100 characters).' }),
  tile: z
    .strictObject({
      type: z.enum(TILE_TYPES).optional(),
      color: z.strictObject({ background_color: color.optional() }).optional(),
      logo: z
        .strictObject({
          file: fileRef.optional(),
          background_color: color.optional(),
          scale: z
            .number()
            .min(0.1)
            .max(2)
            .optional()
            .openapi({ description: 'Logo size in the tile, 0.1 to 2 (1: fits the tile).' }),
        })
        .optional(),
      image: z.strictObject({ file: fileRef.optional() }).optional(),
    })
    .optional()
    .openapi({
      description: 'What the tile shows: `type`, and the options of each type (kept while another is chosen).',
    }),
  chat: z
    .strictObject({
      enabled: z.boolean().optional(),
      recording_message: text(500).optional(),
      paused_message: text(500).optional(),
    })
    .optional(),
});

const emailWrite = z.strictObject({
  type: z.enum(EMAIL_TYPES).optional(),
  default: z.strictObject({}).optional().openapi({ description: 'The standard email has no options.' }),
  branded: z
    .strictObject({
      logo: fileRef.optional(),
      color: color.optional(),
      website: webUrl.nullable().optional(),
      description: z.string().trim().max(500).nullable().optional(),
      cta: z
        .strictObject({
          type: z.enum(CTA_TYPES).optional(),
          link: z
            .strictObject({
              label: text(50).optional(),
              url: webUrl.optional().openapi({
                description: 'An http(s) link; `{{meeting_id}}` in it stands for the meeting id of each email.',
              }),
            })
            .nullable()
            .optional(),
        })
        .optional(),
    })
    .optional()
    .openapi({ description: 'Options of the branded email, kept while the email is `default`.' }),
});

const KIT_WRITE_NOTE =
  'Partial at any depth: only the fields sent change, and a read’s `bot` and `email` can be sent back as they are. A field the kit does not have answers 422 `unknown_field` with its dotted path.';

const render = (r: kits.KitWithView, status = 200) => ({
  status,
  kind: 'brand_kit' as const,
  body: serializeBrandKit(r.kit, r.view),
});

export const createBrandKit = defineRoute({
  method: 'post',
  path: '/brand_kits',
  tag: 'Brand kits',
  summary: 'Create a brand kit (owner or admin of the owner workspace)',
  description: `Every group left out takes its default: a name from the workspace, the default tile, chat on with standard messages, the default email. The kit changes nothing until a workspace picks it through \`branding.brand_kit_id\`. ${KIT_WRITE_NOTE}`,
  body: z.strictObject({
    workspace_id: workspaceIdInput.optional(),
    bot: botWrite.optional(),
    email: emailWrite.optional(),
    metadata: metadataInput.optional(),
  }),
  request: 'brand_kit_write',
  response: { status: 201, schema: brandKitSchema, description: 'The brand kit.' },
  handler: async (ctx, { body }) => render(await kits.createBrandKit(ctx, body), 201),
});

export const listBrandKits = defineRoute({
  method: 'get',
  path: '/brand_kits',
  tag: 'Brand kits',
  summary: 'List the brand kits a workspace owns or uses, oldest first',
  query: listQuery.extend({ workspace_id: workspaceIdInput }),
  response: { schema: listSchema(brandKitSchema, 'BrandKitList'), description: 'A page of brand kits.' },
  handler: async (ctx, { query }) => ({
    kind: 'brand_kit',
    page: mapPage(await kits.listBrandKits(ctx, query), (r) => serializeBrandKit(r.kit, r.view)),
  }),
});

export const getBrandKit = defineRoute({
  method: 'get',
  path: '/brand_kits/{id}',
  tag: 'Brand kits',
  summary: 'Get a brand kit, with a fresh preview link',
  description: 'Keys of the owner workspace and of the workspaces that use the kit see it; others get 404.',
  params: idParams,
  response: { schema: brandKitSchema, description: 'The brand kit.' },
  handler: async (ctx, { params }) => render(await kits.getBrandKit(ctx, params.id)),
});

export const updateBrandKit = defineRoute({
  method: 'patch',
  path: '/brand_kits/{id}',
  tag: 'Brand kits',
  summary: 'Change a brand kit (owner or admin of the owner workspace)',
  description: `${KIT_WRITE_NOTE} \`workspace_ids\` takes only \`[]\`: every workspace the key manages stops using the kit (their settings naming it leave \`branding.brand_kit_id\` to the next layer).`,
  params: idParams,
  body: z.strictObject({
    bot: botWrite.optional(),
    email: emailWrite.optional(),
    metadata: metadataInput.optional(),
    workspace_ids: z
      .array(z.string())
      .max(0, {
        message:
          'workspace_ids is read-only and may only be emptied ([]): a workspace uses a kit through branding.brand_kit_id.',
      })
      .optional(),
  }),
  request: 'brand_kit_write',
  response: { schema: brandKitSchema, description: 'The brand kit.' },
  handler: async (ctx, { params, body }) => render(await kits.updateBrandKit(ctx, params.id, body)),
});

export const deleteBrandKit = defineRoute({
  method: 'delete',
  path: '/brand_kits/{id}',
  tag: 'Brand kits',
  summary: 'Delete a brand kit no settings use (owner or admin of the owner workspace)',
  params: idParams,
  response: {
    schema: z
      .object({ id: z.string(), object: z.literal('brand_kit'), deleted: z.literal(true) })
      .openapi('DeletedBrandKit'),
    description: 'The kit is gone.',
  },
  errors: { 409: 'settings_in_use: settings still name the kit in branding.brand_kit_id' },
  handler: async (ctx, { params }) => {
    const kit = await kits.deleteBrandKit(ctx, params.id);
    return { body: { id: kit.id, object: 'brand_kit', deleted: true } };
  },
});

export const downloadKitImage = defineRoute({
  method: 'get',
  path: '/brand_kits/{id}/images/{image}',
  tag: 'Brand kits',
  auth: false,
  summary: 'Download one of a brand kit’s images through the signed url a kit read gives',
  description:
    'No key: the signature is the credential (valid one year). An expired or altered link answers 401. Sent like a file download (SVG as an attachment).',
  params: z.object({ id: z.string(), image: z.string() }),
  query: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
  response: {
    schema: z.string().openapi({ format: 'binary' }),
    contentTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'],
    description: 'The image bytes.',
  },
  handler: async (ctx, { params, query }) => {
    const { bytes, contentType } = await kits.kitImageContent(ctx, params.id, params.image, query);
    return { raw: bytes, contentType, headers: downloadHeaders(contentType, params.image) };
  },
});

/** Pins before 2026-10-12 keep the workspace's kit paths; later ones answer 404 naming the replacement. */
function removedAtNewer(version: string, method: string, replacement: string): void {
  if (!before(version, '2026-10-12'))
    throw new ApiError(
      404,
      'not_found',
      `${method} /workspaces/{id}/brand_kit was removed in version 2026-10-12: use ${replacement}.`,
    );
}

export const getWorkspaceBrandKit = defineRoute({
  method: 'get',
  path: '/workspaces/{id}/brand_kit',
  tag: 'Brand kits',
  summary: 'The workspace’s brand kit, in the flat shape (pins before 2026-10-12)',
  description:
    'Deprecated and removed in 2026-10-12 (from then on 404): use GET /brand_kits?workspace_id=. The kit the workspace’s settings use, else the oldest it owns; 404 when it has none yet.',
  params: idParams,
  response: { schema: brandKitSchema, description: 'The brand kit.' },
  handler: async (ctx, { params }) => {
    removedAtNewer(ctx.version, 'GET', 'GET /brand_kits?workspace_id=');
    const found = await kits.workspaceBrandKit(ctx, params.id);
    if (!found) throw new ApiError(404, 'not_found', 'This workspace has no brand kit yet: PATCH creates it.');
    return render(found);
  },
});

export const patchWorkspaceBrandKit = defineRoute({
  method: 'patch',
  path: '/workspaces/{id}/brand_kit',
  tag: 'Brand kits',
  summary: 'Change the workspace’s brand kit, in the flat shape (pins before 2026-10-12; owner or admin)',
  description:
    'Deprecated and removed in 2026-10-12 (from then on 404): use PATCH /brand_kits/{id}. Changes the kit GET answers; a workspace without one gets a new kit that its own settings use. Images are named by `file_` ids.',
  params: idParams,
  body: z.strictObject({ bot: botWrite.optional(), email: emailWrite.optional(), metadata: metadataInput.optional() }),
  request: 'brand_kit_write',
  response: { schema: brandKitSchema, description: 'The brand kit.' },
  handler: async (ctx, { params, body }) => {
    removedAtNewer(ctx.version, 'PATCH', 'PATCH /brand_kits/{id}');
    return render(await kits.patchWorkspaceBrandKit(ctx, params.id, body));
  },
});

export const brandKitRoutes = [
  createBrandKit,
  listBrandKits,
  getBrandKit,
  updateBrandKit,
  deleteBrandKit,
  downloadKitImage,
  getWorkspaceBrandKit,
  patchWorkspaceBrandKit,
];
