import { Context } from '@temporalio/activity';

/** How long an activity waits for the transaction that started its workflow to commit. */
export const COMMIT_GRACE_MS = 30_000;

/**
 * Workflows are started or signalled inside the transaction that writes their rows, before it
 * commits (a page of a calendar sync may take a while): reads until `ready` holds, once a second
 * (heartbeating) for up to COMMIT_GRACE_MS, then answers the last read; not ready then means the
 * transaction rolled back.
 */
export async function readAfterCommit<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let waited = 0; !ready(value) && waited < COMMIT_GRACE_MS; waited += 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    Context.current().heartbeat();
    value = await read();
  }
  return value;
}
