import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

/**
 * The secret that signs media URLs: SIGNING_SECRET when given (required when several API processes
 * serve one deployment), otherwise one generated on first start and kept in DATA_DIR.
 */
export async function ensureSigningSecret(config: Config): Promise<Config> {
  if (config.signingSecret) return config;
  const file = path.join(config.dataDir, 'signing-secret');
  if (!existsSync(file)) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, randomBytes(32).toString('hex'), { flag: 'wx' }).catch((err) => {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    });
    await chmod(file, 0o600);
  }
  return { ...config, signingSecret: (await readFile(file, 'utf8')).trim() };
}
