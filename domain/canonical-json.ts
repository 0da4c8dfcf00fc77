/**
 * JSON with object keys sorted at every depth: equal values give equal text whatever order their
 * keys were written in (PostgreSQL's jsonb reorders keys, so a value read back may differ in order).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
