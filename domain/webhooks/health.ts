/** An endpoint whose every delivery attempt failed for this long is disabled (README › Webhooks). */
export const DISABLE_FAILING_ENDPOINT_AFTER_MS = 5 * 24 * 3600 * 1000;

export const FAILING_DELIVERIES = 'failing_deliveries';
