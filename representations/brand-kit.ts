import type { BrandKit } from '../db/entities';
import { CTA_TYPES, TILE_TYPES, type KitImage } from '../domain/brand-kits';
import { withLegacy } from '../domain/versions';
import { z } from './zod';

const fileRef = z.object({ id: z.string(), url: z.string() }).nullable().openapi({
  description:
    'The image: `id` is the file it was copied from, `url` the kit’s own copy (signed, one year). Written as a `file_` id or this object.',
});
const color = z.string().openapi({ description: 'A CSS hex colour, `#rrggbb` or `#rgb`.' });

export const brandKitBotSchema = z.object({
  name: z.string(),
  tile: z.object({
    type: z.enum(TILE_TYPES),
    color: z.object({ background_color: color }),
    logo: z.object({ file: fileRef, background_color: color, scale: z.number() }),
    image: z.object({ file: fileRef }),
  }),
  chat: z.object({ enabled: z.boolean(), recording_message: z.string(), paused_message: z.string() }),
});

const brandedSchema = z.object({
  logo: fileRef,
  color,
  website: z.string().nullable(),
  description: z.string().nullable(),
  cta: z.object({
    type: z.enum(CTA_TYPES),
    link: z
      .object({ label: z.string(), url: z.string() })
      .optional()
      .openapi({ description: 'Only when `type` is `link`; `{{meeting_id}}` in the url stands for the meeting id.' }),
  }),
});

export const brandKitSchema = z
  .object({
    id: z.string(),
    object: z.literal('brand_kit'),
    workspace_id: z
      .string()
      .nullable()
      .openapi({ description: 'The owner workspace; null when the key does not belong to it.' }),
    workspace_ids: z.array(z.string()).openapi({
      description:
        'Workspaces among the key’s whose settings (`branding.brand_kit_id`, at the workspace level) use the kit. Read-only; PATCH may only empty it.',
    }),
    bot: brandKitBotSchema,
    email: z
      .object({
        type: z.enum(['default', 'branded']),
        default: z.object({}).optional().openapi({ description: 'The standard email has no options.' }),
        branded: brandedSchema
          .optional()
          .openapi({ description: 'Only while `type` is `branded`; kept while the email is `default`.' }),
      })
      .openapi({ description: 'Only the object named after `type` is returned.' }),
    preview_url: z.string().openapi({
      description: 'A page showing the kit as saved; opens without sign-in until `preview_expires_at`.',
    }),
    preview_expires_at: z.string(),
    metadata: z.record(z.string(), z.string()),
    created_at: z.string(),
  })
  .openapi('BrandKit');

export type KitView = {
  /** The signed URL of one of the kit's images. */
  imageUrl: (image: KitImage) => string;
  /** Whether the key belongs to the owner workspace. */
  ownerVisible: boolean;
  workspaceIds: string[];
  preview: { url: string; expiresAt: Date };
  /** The owner workspace's integer id (read before 2026-10-09). */
  workspaceNumber?: number;
};

/** A brand kit on the wire at the newest version. */
export function serializeBrandKit(kit: BrandKit, view: KitView): Record<string, unknown> {
  const ref = (image: KitImage | null) => (image ? { id: image.file_id, url: view.imageUrl(image) } : null);
  const { tile, chat } = kit.bot;
  const branded = kit.email.branded;
  const out = {
    id: kit.id,
    object: 'brand_kit',
    workspace_id: view.ownerVisible ? kit.workspaceId : null,
    workspace_ids: view.workspaceIds,
    bot: {
      name: kit.bot.name,
      tile: {
        type: tile.type,
        color: { background_color: tile.color.background_color },
        logo: { file: ref(tile.logo.file), background_color: tile.logo.background_color, scale: tile.logo.scale },
        image: { file: ref(tile.image.file) },
      },
      chat: { enabled: chat.enabled, recording_message: chat.recording_message, paused_message: chat.paused_message },
    },
    email:
      kit.email.type === 'branded'
        ? {
            type: 'branded',
            branded: {
              logo: ref(branded.logo),
              color: branded.color,
              website: branded.website,
              description: branded.description,
              cta:
                branded.cta.type === 'link' && branded.cta.link
                  ? { type: 'link', link: { label: branded.cta.link.label, url: branded.cta.link.url } }
                  : { type: branded.cta.type },
            },
          }
        : { type: 'default', default: {} },
    preview_url: view.preview.url,
    preview_expires_at: view.preview.expiresAt.toISOString(),
    metadata: kit.metadata,
    created_at: kit.createdAt.toISOString(),
  };
  // Older shapes read what the newest one hides: the branded email while `default`, the integer workspace id.
  return withLegacy(out, {
    ...(view.workspaceNumber !== undefined && view.ownerVisible
      ? { workspace_numbers: { [kit.workspaceId]: view.workspaceNumber } }
      : {}),
    brand_kit_email: {
      type: kit.email.type,
      logo_url: branded.logo ? view.imageUrl(branded.logo) : null,
      color: branded.color,
      website: branded.website,
      description: branded.description,
    },
  });
}
