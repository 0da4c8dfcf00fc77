import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { LocalStorage } from '../../runtime/storage';

let dir: string;
let storage: LocalStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  storage = new LocalStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A recording arriving in chunks, failing after `failAfter` of them when given. */
function download(chunks: Buffer[], failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent === failAfter) {
        this.destroy(new Error('the connection was reset'));
        return;
      }
      this.push(sent < chunks.length ? chunks[sent++] : null);
    },
  });
}

describe('media storage', () => {
  it('When a recording is stored from a stream, then the key reads back every byte in order', async () => {
    const chunks = Array.from({ length: 64 }, (_, i) => Buffer.alloc(16 * 1024, i));
    await storage.put('mtg_1/bot_1.wav', download(chunks));
    assert.deepEqual(await storage.get('mtg_1/bot_1.wav'), Buffer.concat(chunks));
  });

  it('When stored bytes are opened to be served, then the stream gives them all with their size; an absent key opens as null', async () => {
    const bytes = Buffer.alloc(200 * 1024, 3);
    await storage.put('mtg_4/bot_4.wav', bytes);
    const opened = await storage.open('mtg_4/bot_4.wav');
    assert.equal(opened!.size, bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    assert.deepEqual(Buffer.concat(chunks), bytes);
    assert.equal(await storage.open('mtg_4/none.wav'), null);
  });

  it('When a download fails half way, then the put rejects and neither the key nor a partial file is left', async () => {
    const chunks = Array.from({ length: 8 }, () => Buffer.alloc(1024, 7));
    await assert.rejects(storage.put('mtg_2/bot_2.wav', download(chunks, 4)), /connection was reset/);
    assert.equal(await storage.get('mtg_2/bot_2.wav'), null);
    assert.deepEqual([...(await readdir(path.join(dir, 'mtg_2')))], []);
  });

  it('When a stored recording is written again after a failed attempt, then it holds the new bytes whole', async () => {
    await storage.put('mtg_3/bot_3.wav', Buffer.from('first'));
    await assert.rejects(storage.put('mtg_3/bot_3.wav', download([Buffer.from('sec')], 1)));
    assert.equal((await storage.get('mtg_3/bot_3.wav'))!.toString(), 'first', 'a failed write leaves the old bytes');
    await storage.put('mtg_3/bot_3.wav', download([Buffer.from('sec'), Buffer.from('ond')]));
    assert.equal((await storage.get('mtg_3/bot_3.wav'))!.toString(), 'second');
    assert.deepEqual([...(await readdir(path.join(dir, 'mtg_3')))], ['bot_3.wav']);
  });
});
