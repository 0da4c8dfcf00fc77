import pino, { type Logger } from 'pino';
import { serializeError } from './safe-error';

/** Paths never written to logs: credentials, secrets and meeting links (they may carry passcodes). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'api_key',
  'apiKey',
  'secret',
  'meeting_url',
  'meetingUrl',
  '*.api_key',
  '*.apiKey',
  '*.secret',
  '*.meeting_url',
  '*.meetingUrl',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'notetaker' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // Database errors lose their SQL and values before any line is written (runtime/safe-error.ts).
      serializers: { err: serializeError, error: serializeError },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

export type { Logger };
