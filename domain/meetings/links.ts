/** What a synced calendar event's free text may hold, cut before any parsing (providers allow far more). */
export const CALENDAR_TEXT_LIMITS = { title: 1024, location: 4096, link: 2048 } as const;

/**
 * The text cut to `max` code units (never splitting a surrogate pair), or null; what PostgreSQL
 * cannot store (NUL, unpaired surrogates) is dropped or replaced, since a provider's event cannot be refused.
 */
export function capText(text: string | null | undefined, max: number): string | null {
  if (text === null || text === undefined) return null;
  let cut = text.length <= max ? text : text.slice(0, max);
  if (cut.length === max && /[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  // eslint-disable-next-line no-control-regex -- NUL is exactly what PostgreSQL cannot store
  const withoutNul = cut.includes('\u0000') ? cut.replace(/\u0000/g, '') : cut;
  return (withoutNul as string & { toWellFormed(): string }).toWellFormed(); // ES2024, in Node ≥ 20
}

const STOP = new Set([' ', '\t', '\n', '\r', '\f', '\v', '<', '>', '"', "'", '(', ')', ';', ',']);
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', ']']);

/**
 * The first https link written in free text ("Zoom: https://…, room 4"), found in one pass over
 * at most CALENDAR_TEXT_LIMITS.location characters: no backtracking whatever the text holds.
 */
export function linkInText(text: string | null | undefined): string | null {
  const capped = capText(text, CALENDAR_TEXT_LIMITS.location);
  if (!capped) return null;
  const start = capped.toLowerCase().indexOf('https://');
  if (start < 0) return null;
  let end = start + 'https://'.length;
  while (
    end < capped.length &&
    end - start < CALENDAR_TEXT_LIMITS.link &&
    !STOP.has(capped[end]!) &&
    capped.charCodeAt(end) > 0x20
  )
    end++;
  while (end > start + 'https://'.length && TRAILING.has(capped[end - 1]!)) end--;
  return end > start + 'https://'.length ? capped.slice(start, end) : null;
}
