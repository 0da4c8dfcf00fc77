import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Whether `accountId` may script the simulated calendar of `email`: it claims a calendar nobody
 * scripted yet; afterwards only its owner, or an account with access to a workspace holding a live
 * connection of that calendar, may change it.
 */
export async function maySimulateCalendar(em: EntityManager, email: string, accountId: string): Promise<boolean> {
  const address = email.toLowerCase();
  await em.execute(
    'insert into simulated_calendar_owners (account_email, owner_account_id) values (?, ?) on conflict (account_email) do nothing',
    [address, accountId],
  );
  const [row] = await em.execute<{ allowed: boolean }[]>(
    `select (o.owner_account_id = ?) or exists (
       select 1 from calendar_connections c join workspace_accesses wa on wa.workspace_id = c.workspace_id
        where lower(c.account_email) = ? and c.status <> 'disconnected' and wa.account_id = ?) as allowed
     from simulated_calendar_owners o where o.account_email = ?`,
    [accountId, address, accountId, address],
  );
  return row?.allowed === true;
}

/** The simulated provider's own storage: accounts that consented (and whether they revoked), and their events by sequence. */
export async function grantSimulatedAccount(em: EntityManager, email: string): Promise<void> {
  await em.execute(
    'insert into simulated_calendar_accounts (account_email) values (?) on conflict (account_email) do update set revoked = false',
    [email],
  );
}

export async function revokeSimulatedAccount(em: EntityManager, email: string): Promise<void> {
  await em.execute('update simulated_calendar_accounts set revoked = true where account_email = ?', [email]);
}

/** Whether the account consented and did not revoke since. */
export async function simulatedAccountGrants(em: EntityManager, email: string): Promise<boolean> {
  const [account] = await em.execute<{ revoked: boolean }[]>(
    'select revoked from simulated_calendar_accounts where account_email = ?',
    [email],
  );
  return account !== undefined && !account.revoked;
}

/**
 * Events changed after sequence `after` and up to `upTo`, oldest change first; a first listing
 * leaves cancelled ones out. Read `upTo` (the latest sequence) before the rows: every change up to
 * it has committed then (writes to one calendar take their sequence in commit order), so a
 * listing that ends at it skips nothing written meanwhile.
 */
export async function simulatedEventsAfter<T>(
  em: EntityManager,
  email: string,
  after: number,
  upTo: string,
  limit: number,
  withCancelled: boolean,
): Promise<{ data: T; seq: string }[]> {
  return em.execute<{ data: T; seq: string }[]>(
    `select data, seq from simulated_calendar_events where account_email = ? and seq > ? and seq <= ? ${withCancelled ? '' : "and not (data->>'cancelled')::boolean"} order by seq limit ?`,
    [email, after, upTo, limit],
  );
}

/** The latest change's sequence of an account's calendar ('0' when it has none). */
export async function latestSimulatedSeq(em: EntityManager, email: string): Promise<string> {
  const [top] = await em.execute<{ seq: string | null }[]>(
    'select max(seq)::text as seq from simulated_calendar_events where account_email = ?',
    [email],
  );
  return top?.seq ?? '0';
}

/**
 * Writes an event (a change gets a new sequence, so incremental listings see it). Writes to one
 * calendar hold a transaction lock on it, so they take their sequences in commit order: a listing
 * never sees a later sequence before an earlier one has committed.
 */
export async function putSimulatedEvent(
  em: EntityManager,
  email: string,
  eventId: string,
  data: unknown,
): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`simulated-calendar:${email}`]);
    await tx.execute(
      `insert into simulated_calendar_events (account_email, event_id, data) values (?, ?, ?)
       on conflict (account_email, event_id) do update set data = excluded.data, seq = nextval(pg_get_serial_sequence('simulated_calendar_events', 'seq'))`,
      [email, eventId, JSON.stringify(data)],
    );
  });
}
