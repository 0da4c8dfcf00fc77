import { existsSync } from 'node:fs';
import path from 'node:path';

/** The folder holding package.json, whether running from source or from dist/. */
export function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('package.json not found above ' + __dirname);
    dir = up;
  }
  return dir;
}
