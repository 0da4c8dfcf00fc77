import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { newId, ulid } from '../../domain/ids';

describe('ids', () => {
  it('When many ids are made, each in a new millisecond, then all are distinct, in the order they were made, with distinct random parts', () => {
    // 2,000 milliseconds draw 20,000 random bytes: several refills of the pool the random parts come from.
    const start = Date.now() + 10_000;
    const ids = Array.from({ length: 2_000 }, (_, i) => ulid(start + i));
    assert.ok(ids.every((id) => /^[0-9a-hjkmnp-tv-z]{26}$/.test(id)));
    assert.deepEqual([...ids].sort(), ids);
    assert.equal(new Set(ids).size, ids.length);
    const randomParts = new Set(ids.map((id) => id.slice(10)));
    assert.equal(randomParts.size, ids.length);
  });

  it('When ids are made within one millisecond, then each sorts after the one before', () => {
    const ids = Array.from({ length: 1_000 }, () => newId('bot'));
    assert.ok(ids.every((id) => id.startsWith('bot_')));
    assert.deepEqual([...ids].sort(), ids);
    assert.equal(new Set(ids).size, ids.length);
  });
});
