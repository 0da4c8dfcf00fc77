import type { ChangeModule, LegacyFacts, Representation } from '../types';

/** The flat fields brand kits carried before 2026-10-12 (spec: Release 2026-10-12, Brand kits). */
export const FLAT_KIT_FIELDS = [
  'bot_name',
  'background_color',
  'logo_scale',
  'logo_url',
  'custom_thumbnail_url',
  'send_chat_message',
  'chat_message',
  'chat_message_paused',
  'brand_color',
  'brand_url',
  'brand_description',
  'apply_branding_to_summary_emails',
] as const;

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const urlOf = (ref: unknown): string | null => (typeof obj(ref).url === 'string' ? (obj(ref).url as string) : null);

/**
 * A brand kit before 2026-10-12: the flat fields instead of `bot` and `email`. The tile reads as
 * the older fields told it: `custom_thumbnail_url` while the tile is an image, `logo_url` while it
 * is a logo, `background_color` of the colour or logo tile (null for the default tile); the
 * summary email's fields read the branded options even while the email is `default`.
 */
export function olderBrandKit(k: Representation, facts: LegacyFacts): Representation {
  const bot = obj(k.bot);
  const tile = obj(bot.tile);
  const chat = obj(bot.chat);
  const logo = obj(tile.logo);
  const email = facts.brand_kit_email;
  const branded = obj(obj(k.email).branded);
  const out: Representation = {};
  for (const [key, v] of Object.entries(k)) {
    if (key === 'bot' || key === 'email') continue;
    out[key] = v;
    if (key === 'workspace_ids') {
      Object.assign(out, {
        bot_name: bot.name ?? null,
        background_color:
          tile.type === 'color'
            ? (obj(tile.color).background_color ?? null)
            : tile.type === 'logo'
              ? (logo.background_color ?? null)
              : null,
        logo_scale: logo.scale ?? null,
        logo_url: tile.type === 'logo' ? urlOf(logo.file) : null,
        custom_thumbnail_url: tile.type === 'image' ? urlOf(obj(tile.image).file) : null,
        send_chat_message: chat.enabled ?? true,
        chat_message: chat.recording_message ?? null,
        chat_message_paused: chat.paused_message ?? null,
        brand_color: email?.color ?? branded.color ?? null,
        brand_url: email?.website ?? branded.website ?? null,
        brand_description: email?.description ?? branded.description ?? null,
        apply_branding_to_summary_emails: (email?.type ?? obj(k.email).type) === 'branded',
      });
    }
  }
  return out;
}

const set = (root: Obj, path: string[], value: unknown) => {
  let node = root;
  for (const k of path.slice(0, -1)) {
    const next = node[k];
    node = node[k] = next && typeof next === 'object' && !Array.isArray(next) ? { ...(next as Obj) } : {};
  }
  node[path[path.length - 1]!] = value;
};

/**
 * An older kit write (POST /brand_kits, PATCH /brand_kits/{id}, PATCH /workspaces/{id}/brand_kit)
 * in the newest shape. Images are named by a `file_` id (or null to remove): `logo_url` sets the
 * tile's logo and the email's logo and shows the logo tile, `custom_thumbnail_url` sets the tile
 * image and shows it; `background_color` colours both the colour and the logo tile.
 */
export function upgradeBrandKitWrite(body: Obj): void {
  const take = (field: string): unknown => {
    const v = body[field];
    delete body[field];
    return v;
  };
  const has = (field: string) => body[field] !== undefined;
  if (!FLAT_KIT_FIELDS.some(has)) return;
  const out: Obj = { bot: body.bot, email: body.email };
  if (has('bot_name')) set(out, ['bot', 'name'], take('bot_name'));
  if (has('background_color')) {
    const color = take('background_color');
    set(out, ['bot', 'tile', 'color', 'background_color'], color);
    set(out, ['bot', 'tile', 'logo', 'background_color'], color);
  }
  if (has('logo_scale')) set(out, ['bot', 'tile', 'logo', 'scale'], take('logo_scale'));
  if (has('logo_url')) {
    const logo = take('logo_url');
    set(out, ['bot', 'tile', 'logo', 'file'], logo);
    set(out, ['email', 'branded', 'logo'], logo);
    if (logo !== null) set(out, ['bot', 'tile', 'type'], 'logo');
  }
  if (has('custom_thumbnail_url')) {
    const image = take('custom_thumbnail_url');
    set(out, ['bot', 'tile', 'image', 'file'], image);
    if (image !== null) set(out, ['bot', 'tile', 'type'], 'image');
  }
  if (has('send_chat_message')) set(out, ['bot', 'chat', 'enabled'], take('send_chat_message'));
  if (has('chat_message')) set(out, ['bot', 'chat', 'recording_message'], take('chat_message'));
  if (has('chat_message_paused')) set(out, ['bot', 'chat', 'paused_message'], take('chat_message_paused'));
  if (has('brand_color')) set(out, ['email', 'branded', 'color'], take('brand_color'));
  if (has('brand_url')) set(out, ['email', 'branded', 'website'], take('brand_url'));
  if (has('brand_description')) set(out, ['email', 'branded', 'description'], take('brand_description'));
  if (has('apply_branding_to_summary_emails')) {
    const apply = take('apply_branding_to_summary_emails');
    set(out, ['email', 'type'], apply === true ? 'branded' : apply === false ? 'default' : apply);
  }
  if (out.bot !== undefined) body.bot = out.bot;
  if (out.email !== undefined) body.email = out.email;
}

export const brandKits: Pick<ChangeModule, 'changes' | 'openapi'> & {
  downgrade: (k: Representation, facts: LegacyFacts) => Representation;
} = {
  changes: [
    'Brand kits are grouped as bot and email, replacing the flat fields bot_name, background_color, logo_scale, logo_url, custom_thumbnail_url, send_chat_message, chat_message, chat_message_paused, brand_color, brand_url, brand_description and apply_branding_to_summary_emails; earlier pins read and write the flat fields.',
    'GET and PATCH /workspaces/{id}/brand_kit are removed in favour of GET /brand_kits?workspace_id= and PATCH /brand_kits/{id}; earlier pins keep them.',
  ],
  downgrade: olderBrandKit,
  openapi: (doc) => {
    const kit = doc.components?.schemas?.BrandKit;
    if (!kit?.properties) return;
    delete kit.properties.bot;
    delete kit.properties.email;
    kit.required = kit.required?.filter((k) => k !== 'bot' && k !== 'email');
    const str = (description: string) => ({ type: ['string', 'null'], description });
    Object.assign(kit.properties, {
      bot_name: { type: 'string', description: 'The notetaker’s name in the call.' },
      background_color: str('Background colour of the colour or logo tile; null for the default tile.'),
      logo_scale: { type: 'number' },
      logo_url: str('The tile’s logo (signed URL) while the tile shows the logo.'),
      custom_thumbnail_url: str('The tile’s image (signed URL) while the tile shows an image.'),
      send_chat_message: { type: 'boolean' },
      chat_message: { type: 'string' },
      chat_message_paused: { type: 'string' },
      brand_color: { type: 'string' },
      brand_url: str('The website of the branded summary email.'),
      brand_description: str('The description of the branded summary email.'),
      apply_branding_to_summary_emails: { type: 'boolean' },
    });
    kit.required = [...(kit.required ?? []), 'bot_name', 'send_chat_message', 'apply_branding_to_summary_emails'];
  },
};
