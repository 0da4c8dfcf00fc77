import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { State } from '@temporalio/worker';
import { combined, type WorkerPart } from '../../worker';

/** A part that runs until it is shut down, or fails when told to, as an SDK worker's run() does. */
function part(): WorkerPart & { fail(err: Error): void; shutdowns: number } {
  let state: State = 'INITIALIZED';
  let settle: ((err?: Error) => void) | undefined;
  const p = {
    shutdowns: 0,
    getState: () => state,
    run: () => {
      state = 'RUNNING';
      return new Promise<void>((resolve, reject) => {
        settle = (err) => {
          state = err ? 'FAILED' : 'STOPPED';
          if (err) reject(err);
          else resolve();
        };
      });
    },
    shutdown: () => {
      p.shutdowns++;
      state = 'STOPPING';
      setImmediate(() => settle?.());
    },
    fail: (err: Error) => settle?.(err),
  };
  return p;
}

describe('the service worker: its SDK workers as one', () => {
  it('When it is shut down, then every part is, and run() settles once all have stopped', async () => {
    const a = part();
    const b = part();
    const w = combined([a, b]);
    const running = w.run();
    assert.equal(w.getState(), 'RUNNING');
    w.shutdown();
    await running;
    assert.deepEqual([a.shutdowns, b.shutdowns, a.getState(), b.getState()], [1, 1, 'STOPPED', 'STOPPED']);
  });

  it('When one part fails, then the others are shut down and run() rejects with that failure', async () => {
    const a = part();
    const b = part();
    const running = combined([a, b]).run();
    b.fail(new Error('the simulated calls’ worker lost its connection'));
    await assert.rejects(running, /lost its connection/);
    assert.equal(a.shutdowns, 1, 'the service’s worker was shut down');
    assert.equal(a.getState(), 'STOPPED');
  });
});
