import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, readFile, writeFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where media bytes live; local files by default (DESIGN.md: behind a storage interface). */
export interface MediaStorage {
  /** Stores the bytes under the key, whole or not at all; a stream (a recording) is written as it arrives, never held in memory. */
  put(key: string, bytes: Buffer | Readable): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The bytes as a stream with their size, for serving them without holding them in memory; null when absent. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the bytes; a key already gone is fine. */
  delete(key: string): Promise<void>;
}

export class LocalStorage implements MediaStorage {
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    if (!/^[\w./-]+$/.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
    return path.join(this.dir, key);
  }

  async put(key: string, bytes: Buffer | Readable): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file. The temporary name is this write's own, so
    // two writers of one key (a retried activity while the first still runs) never mix their bytes.
    const tmp = `${file}.${randomUUID()}.tmp`;
    let out: WriteStream | null = null;
    try {
      if (Buffer.isBuffer(bytes)) await writeFile(tmp, bytes);
      else await pipeline(bytes, (out = createWriteStream(tmp)));
      await rename(tmp, file);
    } catch (err) {
      if (!Buffer.isBuffer(bytes)) bytes.destroy(); // a download not read to its end is let go
      // A failed pipeline answers before its file is closed, and maybe before it is even created: the
      // temporary file is removed once the stream has closed, or it could be created after the removal.
      if (out && !out.closed) await new Promise<void>((resolve) => out!.once('close', () => resolve()));
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    try {
      const handle = await open(this.file(key), 'r');
      try {
        const { size } = await handle.stat();
        // The stream owns the handle from here: it closes it at the end, on an error or when destroyed.
        return { stream: handle.createReadStream(), size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

/** Short-lived signed media URLs: `<key>?expires=<unix>&signature=<hex>` (HMAC-SHA256). */
export function signMediaPath(secret: string, key: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${key}\n${expires}`).digest('hex');
  return `${key}?expires=${expires}&signature=${signature}`;
}

export function verifyMediaSignature(
  secret: string,
  key: string,
  expires: string,
  signature: string,
  now = Date.now(),
): 'ok' | 'expired' | 'invalid' {
  if (!/^\d+$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
  const expected = createHmac('sha256', secret).update(`${key}\n${expires}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
  return Number(expires) * 1000 < now ? 'expired' : 'ok';
}
