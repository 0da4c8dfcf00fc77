import type { FieldIssue } from './errors';

/** Brand kits (spec: Brand kit): how the notetaker looks in the call and how the summary email looks. */

export const TILE_TYPES = ['default', 'color', 'logo', 'image'] as const;
export type TileType = (typeof TILE_TYPES)[number];
export const EMAIL_TYPES = ['default', 'branded'] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];
export const CTA_TYPES = ['open_meeting', 'none', 'link'] as const;
export type CtaType = (typeof CTA_TYPES)[number];

/** The placeholder a call-to-action link may carry: replaced by the meeting's id in each email. */
export const MEETING_ID_PLACEHOLDER = '{{meeting_id}}';

/** A preview link is valid ten minutes (spec Limits). */
export const PREVIEW_TTL_MS = 10 * 60 * 1000;

/** An image the kit holds: its own copy of a file's bytes (`key` in storage), named by the file it came from. */
export type KitImage = { file_id: string; key: string; content_type: string };

export type KitBot = {
  name: string;
  tile: {
    type: TileType;
    color: { background_color: string };
    logo: { file: KitImage | null; background_color: string; scale: number };
    image: { file: KitImage | null };
  };
  chat: { enabled: boolean; recording_message: string; paused_message: string };
};

export type KitEmail = {
  type: EmailType;
  branded: {
    logo: KitImage | null;
    color: string;
    website: string | null;
    description: string | null;
    cta: { type: CtaType; link: { label: string; url: string } | null };
  };
};

/** A file reference as written: a `file_` id, the read object `{ id, url }`, or null to remove the image. */
export type ImageRefInput = string | { id: string; url?: string } | null;

export type KitWrite = {
  bot?: {
    name?: string;
    tile?: {
      type?: TileType;
      color?: { background_color?: string };
      logo?: { file?: ImageRefInput; background_color?: string; scale?: number };
      image?: { file?: ImageRefInput };
    };
    chat?: { enabled?: boolean; recording_message?: string; paused_message?: string };
  };
  email?: {
    type?: EmailType;
    default?: Record<string, never>;
    branded?: {
      logo?: ImageRefInput;
      color?: string;
      website?: string | null;
      description?: string | null;
      cta?: { type?: CtaType; link?: { label?: string; url?: string } | null };
    };
  };
};

/** The image slots of a kit, by the dotted path a write names them with. */
export const IMAGE_SLOTS = ['bot.tile.logo.file', 'bot.tile.image.file', 'email.branded.logo'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];

export const DEFAULT_CHAT = {
  recording_message: 'This meeting is being recorded and transcribed. The notes will be shared after the call.',
  paused_message: 'Recording is paused.',
};

/** The name a kit gets when none is sent: derived from the workspace's (at most 100 characters). */
export function defaultBotName(workspaceName: string): string {
  const name = `${workspaceName.trim()} Notetaker`.trim();
  return name.length <= 100 ? name : `${name.slice(0, 90).trim()} Notetaker`;
}

/** Every group at its default (spec: POST /brand_kits: a group left out takes its default). */
export function defaultKit(workspaceName: string): { bot: KitBot; email: KitEmail } {
  return {
    bot: {
      name: defaultBotName(workspaceName),
      tile: {
        type: 'default',
        color: { background_color: '#1f2937' },
        logo: { file: null, background_color: '#ffffff', scale: 1 },
        image: { file: null },
      },
      chat: { enabled: true, ...DEFAULT_CHAT },
    },
    email: {
      type: 'default',
      branded: {
        logo: null,
        color: '#2557d6',
        website: null,
        description: null,
        cta: { type: 'open_meeting', link: null },
      },
    },
  };
}

/** The `file_` id a reference names, or null for a removal. */
export function refId(ref: ImageRefInput): string | null {
  if (ref === null) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

/** The image references a write names, by slot (`undefined` slots are not written). */
export function imageRefsOf(write: KitWrite): Partial<Record<ImageSlot, string | null>> {
  const out: Partial<Record<ImageSlot, string | null>> = {};
  const logo = write.bot?.tile?.logo?.file;
  if (logo !== undefined) out['bot.tile.logo.file'] = refId(logo);
  const image = write.bot?.tile?.image?.file;
  if (image !== undefined) out['bot.tile.image.file'] = refId(image);
  const emailLogo = write.email?.branded?.logo;
  if (emailLogo !== undefined) out['email.branded.logo'] = refId(emailLogo);
  return out;
}

export function imageAt(kit: { bot: KitBot; email: KitEmail }, slot: ImageSlot): KitImage | null {
  if (slot === 'bot.tile.logo.file') return kit.bot.tile.logo.file;
  if (slot === 'bot.tile.image.file') return kit.bot.tile.image.file;
  return kit.email.branded.logo;
}

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * A write applied to a kit: only the fields named change, at any depth (spec: PATCH /brand_kits/{id}).
 * `images` holds the kit's image for each slot the write names (already copied, or kept). The
 * result is checked as a whole: a tile or a call to action of a type must have what that type shows.
 */
export function applyKitWrite(
  current: { bot: KitBot; email: KitEmail },
  write: KitWrite,
  images: Partial<Record<ImageSlot, KitImage | null>>,
): { bot: KitBot; email: KitEmail; issues: FieldIssue[] } {
  const bot = structuredClone(current.bot);
  const email = structuredClone(current.email);
  const w = write.bot;
  if (w) {
    if (w.name !== undefined) bot.name = w.name;
    if (w.tile?.type !== undefined) bot.tile.type = w.tile.type;
    if (w.tile?.color) Object.assign(bot.tile.color, defined(w.tile.color));
    if (w.tile?.logo) {
      const { file: _file, ...rest } = w.tile.logo;
      Object.assign(bot.tile.logo, defined(rest));
    }
    if (w.chat) Object.assign(bot.chat, defined(w.chat));
  }
  const e = write.email;
  if (e) {
    if (e.type !== undefined) email.type = e.type;
    const b = e.branded;
    if (b) {
      const { logo: _logo, cta, ...rest } = b;
      Object.assign(email.branded, defined(rest));
      if (cta) {
        if (cta.type !== undefined) email.branded.cta.type = cta.type;
        if (cta.link === null) email.branded.cta.link = null;
        else if (cta.link) {
          const merged = { ...(email.branded.cta.link ?? {}), ...defined(cta.link) };
          email.branded.cta.link = merged as { label: string; url: string };
        }
      }
    }
  }
  for (const [slot, image] of Object.entries(images) as [ImageSlot, KitImage | null][]) {
    if (slot === 'bot.tile.logo.file') bot.tile.logo.file = image;
    else if (slot === 'bot.tile.image.file') bot.tile.image.file = image;
    else email.branded.logo = image;
  }
  const issues: FieldIssue[] = [];
  if (bot.tile.type === 'logo' && !bot.tile.logo.file)
    issues.push({
      code: 'missing',
      field: 'bot.tile.logo.file',
      message: 'bot.tile.type logo needs bot.tile.logo.file: a file_ id of an uploaded image.',
    });
  if (bot.tile.type === 'image' && !bot.tile.image.file)
    issues.push({
      code: 'missing',
      field: 'bot.tile.image.file',
      message: 'bot.tile.type image needs bot.tile.image.file: a file_ id of an uploaded image.',
    });
  const link = email.branded.cta.link;
  if (email.branded.cta.type === 'link') {
    if (!link?.label)
      issues.push({
        code: 'missing',
        field: 'email.branded.cta.link.label',
        message: 'email.branded.cta.type link needs email.branded.cta.link.label.',
      });
    if (!link?.url)
      issues.push({
        code: 'missing',
        field: 'email.branded.cta.link.url',
        message: 'email.branded.cta.type link needs email.branded.cta.link.url.',
      });
  }
  return { bot, email, issues };
}

/** A call-to-action link for one meeting: `{{meeting_id}}` replaced by its id. */
export function ctaUrlFor(url: string, meetingId: string): string {
  return url.split(MEETING_ID_PLACEHOLDER).join(encodeURIComponent(meetingId));
}
