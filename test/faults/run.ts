/**
 * `npm run faults [-- --bots 200 --kills 12 --minutes 15]`: the long fault campaign with the real
 * processes; exits non-zero when anything was lost or left unfinished.
 */
import { parseArgs } from 'node:util';
import { createLogger } from '../../runtime/logger';
import { ensureTemporalCli } from '../../runtime/temporal-binaries';
import { formatFigures, runCampaign } from './campaign';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      bots: { type: 'string', default: '200' },
      kills: { type: 'string', default: '12' },
      endpoints: { type: 'string', default: '3' },
      minutes: { type: 'string', default: '15' },
    },
  });
  const log = createLogger('warn', process.stderr);
  const cliPath = await ensureTemporalCli(log, process.env.TEMPORAL_CLI_PATH);
  const figures = await runCampaign({
    bots: Number(values.bots),
    kills: Number(values.kills),
    endpoints: Number(values.endpoints),
    deadlineMs: Number(values.minutes) * 60_000,
    cliPath,
    log,
  });
  process.stdout.write(formatFigures(figures) + '\n');
  return figures.deliveriesLost === 0 &&
    figures.botsNotFinal === 0 &&
    figures.meetingsWithTwoLiveBots === 0 &&
    !Number.isNaN(figures.recoverySeconds)
    ? 0
    : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`fault campaign failed: ${(err as Error).stack}\n`);
    process.exit(1);
  },
);
