/** snake_case → camelCase for one key. */
export function camelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** ISO 8601 in UTC with `Z` → the same instant written with the server's offset, keeping milliseconds. */
export function toServerOffset(iso: string, offsetMinutes: number): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const local = new Date(d.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 23);
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Renames every key of an object (not of nested maps listed in `keepInside`) to camelCase and rewrites UTC timestamps. */
export function camelCaseWithServerOffset(
  value: Record<string, unknown>,
  offsetMinutes: number,
  keepInside: string[] = ['metadata', 'settings'],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    let next: unknown = v;
    if (typeof v === 'string' && ISO_UTC.test(v)) next = toServerOffset(v, offsetMinutes);
    else if (v && typeof v === 'object' && !Array.isArray(v) && !keepInside.includes(key)) {
      next = camelCaseWithServerOffset(v as Record<string, unknown>, offsetMinutes, keepInside);
    }
    out[camelKey(key)] = next;
  }
  return out;
}
