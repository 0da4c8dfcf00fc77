import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { testEnv } from '../support/env';
import { formatFigures, runCampaign } from './campaign';

describe('fault campaign (short)', () => {
  it('When the API and worker are SIGKILLed at random and PostgreSQL and Temporal restart once, then no delivery is lost, no meeting has two live bots and every bot ends', async () => {
    const figures = await runCampaign({
      bots: 15,
      endpoints: 3,
      kills: 3,
      deadlineMs: 4 * 60_000,
      cliPath: testEnv().cli || null,
    });
    const report = formatFigures(figures);
    process.stdout.write(`${report}\n`);
    assert.ok(figures.eventsCommitted >= figures.botsSent, report);
    assert.equal(figures.deliveriesLost, 0, report);
    assert.equal(figures.meetingsWithTwoLiveBots, 0, report);
    assert.equal(figures.botsNotFinal, 0, report);
    assert.ok(!Number.isNaN(figures.recoverySeconds), report);
  });
});
