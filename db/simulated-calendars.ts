import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Whether `accountId` may script the simulated calendar of `email`: it claims a calendar nobody
 * scripted yet; afterwards only its owner, or an account with access to a workspace holding a live
 * connection of that calendar, may change it.
 */
export async function maySimulateCalendar(em: EntityManager, email: string, accountId: string): Promise<boolean> {
  const address = email.toLowerCase();
  await em.execute('insert into simulated_calendar_owners (account_email, owner_account_id) values (?, ?) on conflict (account_email) do nothing', [address, accountId]);
  const [row] = await em.execute<{ allowed: boolean }[]>(
    `select (o.owner_account_id = ?) or exists (
       select 1 from calendar_connections c join workspace_accesses wa on wa.workspace_id = c.workspace_id
        where lower(c.account_email) = ? and c.status <> 'disconnected' and wa.account_id = ?) as allowed
     from simulated_calendar_owners o where o.account_email = ?`,
    [accountId, address, accountId, address],
  );
  return row?.allowed === true;
}
