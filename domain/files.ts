/** Uploaded images (spec: File; Limits: up to 10 MB; PNG, JPEG, GIF, WebP, SVG). */

export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** A file's signed `url` is valid one year (spec Limits: file URL validity). */
export const FILE_URL_TTL_MS = 365 * 24 * 60 * 60 * 1000;

export const FILE_PURPOSES = ['brand_kit'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The extension each type is stored and named with, and the other extensions that already match it. */
export const EXTENSIONS: Record<ImageType, { main: string; also: string[] }> = {
  'image/png': { main: 'png', also: [] },
  'image/jpeg': { main: 'jpg', also: ['jpeg', 'jpe', 'jfif'] },
  'image/gif': { main: 'gif', also: [] },
  'image/webp': { main: 'webp', also: [] },
  'image/svg+xml': { main: 'svg', also: [] },
};

export function typeOfExtension(ext: string): ImageType | null {
  for (const [type, e] of Object.entries(EXTENSIONS) as [ImageType, { main: string; also: string[] }][])
    if (e.main === ext || e.also.includes(ext)) return type;
  return null;
}

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The image type read from the bytes themselves, never from a declared type or a name: PNG, JPEG,
 * GIF and WebP by their signatures; SVG by an `<svg` root element (after an optional BOM, XML
 * declaration, comments and doctype) in UTF-8 text. Anything else is null.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (looksLikeSvg(bytes)) return 'image/svg+xml';
  return null;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 64 * 1024));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length));
  } catch {
    // A multi-byte character cut at 64 KB is still text: decode leniently then.
    if (bytes.length <= 64 * 1024) return false;
    text = head.toString('utf8');
  }
  text = text.replace(/^\uFEFF/, '');
  const prolog =
    /^\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)\s*)*<svg[\s>/]/i;
  return prolog.test(text);
}

/**
 * The name a file keeps: the sent name without folders or control characters, at most 255
 * characters, its extension replaced by the type's when it does not match (spec: File, filename).
 */
export function fileNameFor(sent: string | null | undefined, type: ImageType): string {
  const ext = EXTENSIONS[type];
  let name = (sent ?? '').split(/[\\/]/).pop()!;
  name = [...name]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim();
  if (name === '' || name === '.' || name === '..') name = 'image';
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const matches = current === ext.main || ext.also.includes(current);
  const out = matches ? name : `${stem}.${ext.main}`;
  if (out.length <= 255) return out;
  const suffix = out.slice(out.lastIndexOf('.'));
  return out.slice(0, 255 - suffix.length) + suffix;
}
