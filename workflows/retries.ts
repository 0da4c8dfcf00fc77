/**
 * Retries for a short, idempotent database write that a workflow must not give up on: no attempt
 * limit, at most a minute apart, so a PostgreSQL outage of any length leaves the workflow waiting
 * where it is instead of failing it (a failed workflow would leave its bot, delivery or connection in
 * that state for good).
 */
export const UNTIL_THE_DATABASE_TAKES_IT = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
} as const;
