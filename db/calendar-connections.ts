import type { EntityManager } from '@mikro-orm/postgresql';

/** Connections not disconnected after `afterId`, by id (the calendar-sync janitor's pages). */
export async function connectionIdsNotDisconnected(
  em: EntityManager,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select id from calendar_connections where status <> 'disconnected' and id > ? order by id limit ?`,
    [afterId ?? '', limit],
  );
  return rows.map((r) => r.id);
}
