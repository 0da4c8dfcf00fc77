import type { EntityManager } from '@mikro-orm/postgresql';

/** One round trip to PostgreSQL; throws when it cannot be reached (readiness). */
export async function pingDatabase(em: EntityManager): Promise<void> {
  await em.execute('select 1');
}
