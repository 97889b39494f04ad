import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/**
 * Paths whose values never reach a log line. Keys, tokens, passwords and authorization
 * headers are replaced wherever they appear at these depths.
 */
export const REDACT_PATHS = [
  'password',
  'newPassword',
  'token',
  'key',
  'secret',
  'privateKey',
  'apiKey',
  'authorization',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.key',
  '*.secret',
  '*.privateKey',
  '*.apiKey',
  '*.authorization',
  '*.sessionSecret',
  '*.keyEncryptionKey',
  '*.stripeWebhookSecret',
  '*.platformAdminToken',
];

export interface LoggerConfig {
  service: string;
  level?: string;
  /** Where log lines go; defaults to stdout. Tests pass a stream to inspect output. */
  destination?: NodeJS.WritableStream;
}

export function createLogger(config: LoggerConfig): Logger {
  const options: LoggerOptions = {
    level: config.level ?? 'info',
    base: { service: config.service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  return config.destination ? pino(options, config.destination as never) : pino(options);
}
