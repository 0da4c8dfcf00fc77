// Everything the worker's workflow bundle exports: deterministic code only.
export {
  calendarSyncJanitor,
  endedBotJanitor,
  endedDeliveryJanitor,
  noopWorkflow,
  rateLimitJanitor,
  retentionJanitor,
} from './maintenance';
export { botWorkflow } from './bot';
export { simulatedBot } from './simulated-bot';
export { simulatedCalls } from './simulated-calls';
export { webhookDelivery } from './webhook-delivery';
export { outboxRelay } from './outbox-relay';
export { settingsFanout } from './settings-fanout';
export { calendarSync } from './calendar-sync';
