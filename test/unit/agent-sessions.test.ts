import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { generateHandoffCode, hashHandoffCode, normalizeHandoffCode } from '../../domain/agent-sessions';

describe('agent handoff codes', () => {
  it('When a code is made, then it is five groups of four base32 characters, and differs every time', () => {
    const codes = new Set(Array.from({ length: 200 }, generateHandoffCode));
    assert.equal(codes.size, 200);
    for (const code of codes) assert.match(code, /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
  });

  it('When a code is pasted in another case, with spaces, or with O and I for 0 and 1, then it means the same code', () => {
    const code = 'K7QF-2M9X-TB41-8HZC-P0WD';
    const hash = hashHandoffCode(normalizeHandoffCode(code)!);
    for (const pasted of ['k7qf2m9xtb418hzcp0wd', ' K7QF 2M9X TB4I 8HZC POWD ', 'K7QF-2M9X-TB4l-8HZC-P0WD'])
      assert.equal(hashHandoffCode(normalizeHandoffCode(pasted)!), hash, pasted);
  });

  it('When the text cannot be a code, then it is refused before any lookup', () => {
    for (const bad of ['', 'K7QF-2M9X', 'K7QF-2M9X-TB41-8HZC-P0WD-AAAA', 'K7QF-2M9X-TB41-8HZC-P0W!', 'U'.repeat(20)])
      assert.equal(normalizeHandoffCode(bad), null, bad);
  });
});
