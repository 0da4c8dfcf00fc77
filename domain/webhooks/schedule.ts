/**
 * The delivery schedule (spec Events › Delivery: up to 21 attempts over about 14 hours, at most an
 * hour apart): the wait before each retry, in seconds. Attempt 1 is immediate.
 */
export const RETRY_DELAYS_SECONDS: readonly number[] = [
  30,
  60,
  120,
  300,
  600,
  1200,
  1800,
  2700, // 30 s … 45 min
  3600,
  3600,
  3600,
  3600,
  3600,
  3600,
  3600,
  3600,
  3600,
  3600,
  3600,
  3600, // then hourly
];
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1; // 21
export const TOTAL_SPAN_SECONDS = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0); // 50,010 s ≈ 13 h 54 min

/** A place among the deliveries waiting on their retry workflow, by their last attempt (the ended-delivery janitor's pages). */
export type WaitingDeliveryCursor = { at: string; eventId: string; endpointId: string };
