/** What the service does with a node-postgres connection beyond its queries: when its writes leave. */

/** A node-postgres client, as far as holding uses it: its socket. */
export type Corkable = { connection?: { stream?: { cork?(): void; uncork?(): void } } };

/**
 * Holds a connection's writes (its socket corked) until the release `hold` gives: what is written
 * meanwhile leaves in one write, one system call and one wake-up of the server instead of one each.
 * Each hold has its own release, and a second call of it does nothing, so a late release never lets
 * go of another hold. A connection without a socket to cork is never held.
 */
export function holding(connection: Corkable): { hold(): () => void } {
  const stream = connection.connection?.stream;
  return {
    hold() {
      if (!stream?.cork || !stream.uncork) return () => undefined;
      stream.cork();
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        stream.uncork!();
      };
    },
  };
}

export const ANSWERED_BY_NEXT = Symbol('answered by the next statement');
export type Deferring = { [ANSWERED_BY_NEXT]?: (answer: Promise<unknown>) => void };

/**
 * Leaves `answer` (a statement sent on `connection`, inside a transaction) to be reported by the
 * connection's next statement: that one answers with this one's failure, if it failed, instead of its
 * own (in a transaction, its own would be "current transaction is aborted"). The statement's bytes
 * wait to leave with the next one. False, and nothing done, on a connection that cannot (not
 * pipelined): the caller then waits for the answer itself.
 */
export function answerWithNext(connection: unknown, answer: Promise<unknown>): boolean {
  const defer = (connection as Deferring)[ANSWERED_BY_NEXT];
  if (!defer) return false;
  defer(answer);
  return true;
}
