import express from 'express';
import type { Orm } from '../../db/orm';

/**
 * bench/http's baselines: bare Express `/hello`, and `/one-query`, the floor of any endpoint that
 * reads the database once (one statement through the ORM's pool, JSON).
 */
export function bareApp(orm: Orm): express.Express {
  const bare = express();
  bare.get('/hello', (_req, res) => {
    res.json({ hello: 'world' });
  });
  bare.get('/one-query', async (_req, res) => {
    const rows = await orm.em.fork().execute<{ one: number }[]>('select 1 as one');
    res.json({ one: rows[0]!.one });
  });
  return bare;
}
