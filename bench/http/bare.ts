import express from 'express';
import { executeBound } from '../../db/bulk';
import type { Orm } from '../../db/orm';

/**
 * bench/http's baselines: bare Express `/hello`, and `/one-query`, the floor of any endpoint that
 * reads the database once (one statement as the service sends its hot reads: prepared, outside a
 * transaction, so on the pool's shared reader, db/shared-reader.ts; JSON).
 */
export function bareApp(orm: Orm): express.Express {
  const bare = express();
  bare.get('/hello', (_req, res) => {
    res.json({ hello: 'world' });
  });
  bare.get('/one-query', async (_req, res) => {
    const rows = await executeBound<{ one: number }>(orm.em.fork(), 'select 1 as one', [], { prepared: true });
    res.json({ one: rows[0]!.one });
  });
  return bare;
}
