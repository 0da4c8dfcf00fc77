// Everything the worker's workflow bundle exports: deterministic code only.
export { rateLimitJanitor } from './maintenance';
