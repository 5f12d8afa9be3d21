import pino from 'pino';

/** The process-wide structured logger; one JSON line per event, never secrets. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: undefined,
  redact: ['password', '*.password', 'token', '*.token', 'headers.cookie'],
});
