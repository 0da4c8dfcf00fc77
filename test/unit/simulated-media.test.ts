import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { wav } from '../../activities/providers/simulated';

describe('the simulated recording', () => {
  it('When a simulated call is recorded, then its media is a mono 8-bit WAV at 1 kHz of the call’s length, a 220 Hz tone', () => {
    for (const seconds of [0.001, 1, 7.3, 1800]) {
      const audio = wav(seconds);
      const samples = Math.round(seconds * 1000);
      assert.equal(audio.toString('ascii', 0, 4), 'RIFF');
      assert.equal(audio.toString('ascii', 8, 16), 'WAVEfmt ');
      assert.equal(audio.readUInt32LE(24), 1000);
      assert.equal(audio.readUInt16LE(34), 8);
      assert.equal(audio.readUInt32LE(40), samples);
      assert.equal(audio.length, 44 + samples);
      for (let i = 0; i < samples; i += 37)
        assert.equal(audio[44 + i], 128 + Math.round(8 * Math.sin((2 * Math.PI * 220 * i) / 1000)), `sample ${i}`);
    }
  });
});
