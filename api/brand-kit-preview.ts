import type { BrandKit } from '../db/entities';
import { ctaUrlFor, type KitImage } from '../domain/brand-kits';
import { escapeHtml } from './html';

/** A sample meeting id for the preview's call to action (`{{meeting_id}}`). */
const SAMPLE_MEETING_ID = 'mtg_preview';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || 'N';

/**
 * The preview page of a brand kit, self-contained (inline CSS, images from the kit's signed links):
 * the bot's tile as it looks in a call, its chat messages, and the summary email with its logo,
 * colour and call to action (spec: Brand kit, preview_url).
 */
export function brandKitPreviewHtml(kit: BrandKit, imageUrl: (image: KitImage) => string, appUrl: string): string {
  const e = escapeHtml;
  const { name, tile, chat } = kit.bot;
  const label = `<span class="name">${e(name)}</span>`;
  let tileHtml: string;
  if (tile.type === 'image' && tile.image.file)
    tileHtml = `<div class="tile" id="tile" data-type="image"><img class="cover" alt="" src="${e(imageUrl(tile.image.file))}">${label}</div>`;
  else if (tile.type === 'logo' && tile.logo.file)
    tileHtml = `<div class="tile" id="tile" data-type="logo" style="background:${e(tile.logo.background_color)}"><img class="logo" alt="" style="width:${Math.round(40 * tile.logo.scale)}%" src="${e(imageUrl(tile.logo.file))}">${label}</div>`;
  else if (tile.type === 'color')
    tileHtml = `<div class="tile" id="tile" data-type="color" style="background:${e(tile.color.background_color)}"><span class="avatar">${e(initials(name))}</span>${label}</div>`;
  else
    tileHtml = `<div class="tile" id="tile" data-type="default" style="background:#3c4043"><span class="avatar">${e(initials(name))}</span>${label}</div>`;

  const chatHtml = chat.enabled
    ? `<ul class="chat" id="chat"><li><b>${e(name)}</b><p>${e(chat.recording_message)}</p><small>When the recording starts</small></li>` +
      `<li><b>${e(name)}</b><p>${e(chat.paused_message)}</p><small>When the recording is paused</small></li></ul>`
    : '<p class="muted" id="chat">The notetaker sends no chat messages.</p>';

  const branded = kit.email.type === 'branded' ? kit.email.branded : null;
  const accent = branded?.color ?? '#2557d6';
  const logo = branded?.logo ? `<img class="mail-logo" alt="" src="${e(imageUrl(branded.logo))}">` : '';
  const cta = branded ? branded.cta : { type: 'open_meeting' as const, link: null };
  const ctaHtml =
    cta.type === 'none'
      ? ''
      : cta.type === 'link' && cta.link
        ? `<a class="cta" id="cta" style="background:${e(accent)}" href="${e(ctaUrlFor(cta.link.url, SAMPLE_MEETING_ID))}">${e(cta.link.label)}</a>`
        : `<a class="cta" id="cta" style="background:${e(accent)}" href="${e(`${appUrl}/meetings/${SAMPLE_MEETING_ID}`)}">Open meeting</a>`;
  const footer = branded
    ? `${branded.description ? `<p>${e(branded.description)}</p>` : ''}${branded.website ? `<p><a href="${e(branded.website)}">${e(branded.website)}</a></p>` : ''}`
    : '<p>Sent by your meeting notetaker.</p>';

  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>Brand kit preview: ${e(name)}</title>` +
    '<style>body{font:15px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}h2{margin-top:2rem}' +
    '.tile{position:relative;width:100%;max-width:32rem;aspect-ratio:16/9;border-radius:.6rem;overflow:hidden;display:flex;align-items:center;justify-content:center}' +
    '.tile .cover{width:100%;height:100%;object-fit:cover}.tile .logo{max-height:80%;object-fit:contain}' +
    '.avatar{width:5rem;height:5rem;border-radius:50%;background:#5f6368;color:#fff;font-size:2rem;display:flex;align-items:center;justify-content:center}' +
    '.name{position:absolute;left:.6rem;bottom:.5rem;color:#fff;background:rgba(0,0,0,.55);padding:.1rem .5rem;border-radius:.3rem;font-size:.85rem}' +
    '.chat{list-style:none;padding:0;max-width:32rem}.chat li{background:#f1f3f4;border-radius:.6rem;padding:.5rem .8rem;margin:.5rem 0}.chat p{margin:.2rem 0}.chat small,.muted{color:#666}' +
    '.mail{border:1px solid #ddd;border-radius:.6rem;max-width:36rem;overflow:hidden}.mail header{padding:1rem;display:flex;align-items:center;gap:.8rem}' +
    '.mail-logo{max-height:2.5rem}.mail .body{padding:0 1rem 1rem}.cta{display:inline-block;color:#fff;padding:.5rem 1rem;border-radius:.4rem;text-decoration:none}.mail footer{background:#fafafa;padding:.5rem 1rem;color:#555;font-size:.9rem}</style>' +
    `</head><body><h1>Brand kit preview</h1><p class="muted">How the notetaker and its summary email look with this kit, as saved. This link works for ten minutes.</p>` +
    `<h2>In the call</h2>${tileHtml}<h2>Chat messages</h2>${chatHtml}` +
    `<h2>Summary email</h2><div class="mail" id="email" data-type="${e(kit.email.type)}"><header style="border-top:6px solid ${e(accent)}">${logo}<strong>Meeting summary: Weekly planning</strong></header>` +
    '<div class="body"><p>Here is what was discussed, the decisions made and the action items.</p><ul><li>The release goes out on Thursday.</li><li>Follow up with the customer on pricing.</li></ul>' +
    `${ctaHtml}</div><footer>${footer}</footer></div></body></html>`
  );
}
