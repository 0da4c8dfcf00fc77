import { pingDatabase } from '../db/health';
import type { AppDeps } from './context';

/** Readiness: throws when the database cannot be reached. */
export async function checkDatabase(deps: Pick<AppDeps, 'orm'>): Promise<void> {
  await pingDatabase(deps.orm.em.fork());
}
