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

/** Query parameters whose values are secrets wherever they appear (one-time links: claim, reset, confirm, invitation). */
const SECRET_QUERY_KEY = /token|secret|key|password|code|signature/i;
/** Path routes whose last segment is a one-time token (`GET /api/invitations/{token}`). */
const TOKEN_SEGMENT_AFTER = /^(\/api\/invitations\/)(?!accept(?:$|[/?#]))([^/?#]+)/;
/**
 * A path segment that looks like a one-time token: 32 or more URL-safe characters that are not
 * a UUID. Our tokens are 43 (256 bits, base64url); ids are UUIDs or short ids, slugs are shorter.
 */
const TOKEN_LIKE_SEGMENT = /^(?![0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$)[A-Za-z0-9_-]{32,}$/;
const REDACTED = '[redacted]';

/**
 * A request path or URL as it may appear in a log line: one-time tokens in the path
 * (`/api/invitations/{token}`, any token-like segment) and the values of secret-looking query
 * parameters (`?token=`) replaced by `[redacted]`, and cut to 300 characters. Every log line
 * that names a request's path or URL goes through this (docs/security.md, tokens never logged).
 */
export function redactUrl(url: string): string {
  const at = url.search(/[?#]/);
  const path = at < 0 ? url : url.slice(0, at);
  const rest = at < 0 ? '' : url.slice(at);
  const redactedPath = path
    .replace(TOKEN_SEGMENT_AFTER, `$1${REDACTED}`)
    .split('/')
    .map((segment) => (TOKEN_LIKE_SEGMENT.test(segment) ? REDACTED : segment))
    .join('/');
  let redactedRest = '';
  if (rest.startsWith('?')) {
    const hash = rest.indexOf('#');
    const query = hash < 0 ? rest.slice(1) : rest.slice(1, hash);
    redactedRest =
      '?' +
      query
        .split('&')
        .map((pair) => {
          const eq = pair.indexOf('=');
          if (eq < 0) return pair;
          let name = pair.slice(0, eq);
          try {
            name = decodeURIComponent(name.replace(/\+/g, ' '));
          } catch {
            return `${pair.slice(0, eq)}=${REDACTED}`;
          }
          return SECRET_QUERY_KEY.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
        })
        .join('&');
  }
  // A fragment never reaches a server; if one is there, it is dropped rather than judged.
  return (redactedPath + redactedRest).slice(0, 300);
}
