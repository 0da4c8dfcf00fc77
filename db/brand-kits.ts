import type { EntityManager } from '@mikro-orm/postgresql';

/** Ids of the settings objects whose `branding.brand_kit_id` names a kit (the first `limit`), with their workspace. */
export async function settingsNamingKit(
  em: EntityManager,
  kitId: string,
  limit: number,
): Promise<{ id: string; workspace_id: string }[]> {
  return em.execute<{ id: string; workspace_id: string }[]>(
    `select id, workspace_id from settings where "values"->>'branding.brand_kit_id' = ? order by id limit ?`,
    [kitId, limit],
  );
}
