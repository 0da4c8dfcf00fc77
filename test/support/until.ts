/**
 * Polls until what runs in the background has happened: calls `read` every `intervalMs` until
 * `accept` holds for its answer (by default: the answer is truthy), and returns that answer.
 * After `timeoutMs` it fails naming `what` and the last answer. An error `read` throws is not
 * retried: it fails at once.
 */
export async function until<T>(
  read: () => T | Promise<T>,
  opts: { what: string; timeoutMs?: number; intervalMs?: number; accept?: (value: T) => boolean },
): Promise<T> {
  const { what, timeoutMs = 30_000, intervalMs = 100, accept = (v: T) => Boolean(v) } = opts;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() >= deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last: ${describe(value)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

function describe(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_k, v: unknown) =>
      v instanceof Map ? Object.fromEntries(v) : v instanceof Set ? [...v] : v,
    );
    return text === undefined ? String(value) : text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
  } catch {
    return String(value);
  }
}

/**
 * Waits, when needed, until at least `needMs` are left in the current fixed window of
 * `windowSeconds` (windows start on multiples of their length since the epoch, as the service's
 * counters do): a test whose hits must all land in one window never straddles two.
 */
export async function roomInWindow(windowSeconds: number, needMs = 5_000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 50));
}
