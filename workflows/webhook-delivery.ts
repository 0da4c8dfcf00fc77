import {
  ActivityCancellationType,
  CancellationScope,
  isCancellation,
  patched,
  proxyActivities,
  sleep,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from '../domain/webhooks/schedule';
import { UNTIL_THE_DATABASE_TAKES_IT } from './retries';

// One activity per attempt and no activity retries: every attempt is visible and on the schedule.
const ATTEMPT = { startToCloseTimeout: '30 seconds', retry: { maximumAttempts: 1 } } as const;
const attempts = proxyActivities<Activities>(ATTEMPT);
/** The same attempt, where a cancel of the workflow waits for it to end (its record is written first). */
const attemptsToTheEnd = proxyActivities<Activities>({
  ...ATTEMPT,
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
});
// The end of a delivery: before, one refused write left the delivery pending for good.
const { markDeliveryFailed } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: UNTIL_THE_DATABASE_TAKES_IT,
});

export type DeliveryInput = {
  eventId: string;
  endpointId: string;
  series: number;
  /**
   * The attempt it starts at: 1 for a redelivery (and deliveries made before the dispatcher made
   * first attempts); 2 when the dispatcher's first attempt failed, so it waits the first delay.
   */
  firstNumber?: number;
};

/**
 * `webhook-delivery/<evt_id>/<endpoint_id>`: up to 21 attempts over about 14 hours, never more than
 * an hour apart (domain/webhooks/schedule.ts). Stops on a 2xx, or when the endpoint is disabled or
 * deleted. A delivery whose first attempt the dispatcher made and failed starts here at attempt 2.
 */
export async function webhookDelivery(input: DeliveryInput): Promise<'succeeded' | 'failed' | 'stopped'> {
  // A cancel of the workflow (the Temporal UI's Cancel) ends the delivery failed, so it lists as failed
  // and can be redelivered, instead of reading pending for good; the workflow still closes Cancelled.
  const cancelEndsFailed = patched('workflow-cancel-ends-the-delivery');
  try {
    return await deliver(input, cancelEndsFailed);
  } catch (err) {
    if (!cancelEndsFailed || !isCancellation(err)) throw err;
    await CancellationScope.nonCancellable(() =>
      markDeliveryFailed({ eventId: input.eventId, endpointId: input.endpointId, series: input.series }),
    );
    throw err;
  }
}

async function deliver(input: DeliveryInput, cancelEndsFailed: boolean): Promise<'succeeded' | 'failed' | 'stopped'> {
  const { eventId, endpointId, series } = input;
  const first = input.firstNumber ?? 1;
  const { attemptDelivery } = cancelEndsFailed ? attemptsToTheEnd : attempts;
  if (first > 1) await sleep(RETRY_DELAYS_SECONDS[first - 2]! * 1000);
  for (let number = first; number <= MAX_ATTEMPTS; number++) {
    let outcome: 'succeeded' | 'failed' | 'stopped';
    try {
      outcome = (await attemptDelivery({ eventId, endpointId, series, number })).outcome;
    } catch (err) {
      if (cancelEndsFailed && isCancellation(err)) throw err;
      // The attempt itself died (a worker killed mid-request): it counts as a failed attempt.
      outcome = 'failed';
    }
    if (outcome !== 'failed') return outcome;
    if (number < MAX_ATTEMPTS) await sleep(RETRY_DELAYS_SECONDS[number - 1]! * 1000);
  }
  // Naming the series is safe for any history (an activity's arguments are not replayed).
  await markDeliveryFailed({ eventId, endpointId, series });
  return 'failed';
}
