import pg from 'pg';
import { dispatchEvent, type WebhookDeps } from '../activities/webhooks';

/**
 * Dispatches each event the moment its transaction commits: the `webhook_events` insert trigger
 * NOTIFYs on commit, and this listener starts its deliveries. Whatever it misses (it was down, a
 * dispatch failed) the `outbox-relay` workflow picks up within a minute.
 */
export async function startOutboxListener(databaseUrl: string, deps: WebhookDeps): Promise<{ stop: () => Promise<void> }> {
  let client: pg.Client | null = null;
  let stopped = false;
  let chain = Promise.resolve();

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      const id = msg.payload;
      if (!id) return;
      // One at a time keeps the order events were committed in, as far as anything can.
      chain = chain.then(() => dispatchEvent(deps, id).then(() => undefined, (err) => deps.log.warn({ err, event_id: id }, 'dispatch failed; the relay will retry')));
    });
    c.on('error', (err) => {
      deps.log.warn({ err }, 'outbox listener connection lost; reconnecting');
      client = null;
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await c.connect();
    await c.query('listen webhook_events');
    client = c;
  };
  await connect();
  return {
    stop: async () => {
      stopped = true;
      await chain;
      await client?.end().catch(() => undefined);
    },
  };
}
