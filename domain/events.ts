/** Every event type the service emits (spec: Events › Event types); `*` subscribes to all. */
export const EVENT_TYPES = [
  'bot.recording_started',
  'bot.recording_completed',
  'bot.transcript_ready',
  'bot.summary_ready',
  'bot.failed',
  'bot.cancelled',
  'meeting.created',
  'meeting.updated',
  'meeting.finished',
  'calendar_connection.connected',
  'calendar_connection.disconnected',
  'calendar_connection.error',
  'webhook_endpoint.disabled',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
/** The `bot.*` types: each happens at most once in a bot's life. */
export type BotEventType = Extract<EventType, `bot.${string}`>;

export function isEventType(type: string): type is EventType {
  return (EVENT_TYPES as readonly string[]).includes(type);
}
