import { z } from 'zod';

export { z };

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(service: string, problems: string[]) {
    super(`Invalid configuration for ${service}:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Secrets published in this repository: docker-compose.yml's development defaults. They let
 * `docker compose up` run on a laptop, and must never protect anything reachable by others.
 * test/deploy/manifests.test.ts checks that every development default of the compose file is here.
 */
export const PUBLISHED_DEVELOPMENT_SECRETS: ReadonlySet<string> = new Set([
  'WQDf99o6OYpv1hk9UxdaUmERqV4VkX8CIg71vRH4QPY', // the session-signing seed
  'dev-only-platform-admin-token-0123',
  'whsec_dev_only_not_a_real_secret',
  '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
  '8899aabbccddeeff00112233445566778899aabbccddeeff0011223344556677',
  // The RPC identity seeds of the callers (ADR 0014): gateway, issuance, verification, notification, billing.
  '_rcPGql_720JjrE_GhMJb7LXxSXCwicSlXSftTvbwSU',
  'AAVyXzoe4FJQJsURFqjjcQhXPEDnC1JtY0vJqMF85u8',
  'GdltyyMmreZa2PyXXhEcjBMgx6sGtwvAIjYmdxEtXck',
  'uuHRU4TnmtURtQYe2zTJM1Nq5-0yuM0MZl-dK5I-Nnc',
  'y0eW0ZrvJVTMDvcQUDtGBnouDYtRjiDHpGxi8QKGqjU',
]);

/** The k8s secrets template's placeholder (k8s/secrets.template.yaml): never a real value. */
const TEMPLATE_PLACEHOLDER = 'REPLACE_ME';

function isLocalOrigin(baseUrl: string | undefined): boolean {
  try {
    const host = new URL(baseUrl ?? 'http://localhost').hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

/**
 * A published development secret is accepted only while the platform's public origin (BASE_URL)
 * is this machine; anywhere else the service refuses to start, naming the variable (never its
 * value). A value still holding the template's placeholder is refused everywhere.
 */
function publishedSecretProblems(input: Record<string, string | undefined>, env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const local = isLocalOrigin(env['BASE_URL'] || undefined);
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (value.includes(TEMPLATE_PLACEHOLDER)) problems.push(`${name}: still holds the template placeholder ${TEMPLATE_PLACEHOLDER}`);
    else if (!local && PUBLISHED_DEVELOPMENT_SECRETS.has(value)) {
      problems.push(
        `${name}: is a development value published in docker-compose.yml; BASE_URL is not this machine, so set a secret of your own`,
      );
    }
  }
  return problems;
}

/**
 * Parses environment variables with a zod object schema whose keys are the variable names.
 * Every problem is reported at once, so an operator fixes them in one go. Values of
 * variables are never echoed (they may be secrets); only names and what is wrong.
 */
export function parseEnv<S extends z.ZodRawShape>(
  service: string,
  shape: S,
  env: Record<string, string | undefined>,
): z.infer<z.ZodObject<S>> {
  const input: Record<string, string | undefined> = {};
  for (const name of Object.keys(shape)) {
    const raw = env[name];
    input[name] = raw === '' ? undefined : raw;
  }
  const result = z.object(shape).safeParse(input);
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  problems.push(...publishedSecretProblems(input, env));
  if (!result.success || problems.length > 0) throw new ConfigError(service, problems);
  return result.data;
}

/** Reusable field schemas for environment variables. */
function httpUrls(raw: string, ctx: z.RefinementCtx): string[] {
  const urls = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const u of urls) {
    if (!URL.canParse(u) || new URL(u).protocol !== 'http:') {
      ctx.addIssue({ code: 'custom', message: `not an http URL: ${u.slice(0, 100)}` });
      return z.NEVER;
    }
  }
  if (urls.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'at least one URL' });
    return z.NEVER;
  }
  return urls;
}

export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  url: (fallback?: string) => (fallback === undefined ? z.string().url() : z.string().url().default(fallback)),
  string: (fallback?: string) => (fallback === undefined ? z.string().min(1) : z.string().min(1).default(fallback)),
  optionalString: () => z.string().min(1).optional(),
  int: (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max).default(fallback),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  hostList: () =>
    z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
  hex32: () => z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)'),
  /**
   * gRPC target `host:port`, or several replicas' `ip:port,ip:port` (IPv4 literals), which the
   * client balances round robin (scripts/launcher.ts's surge slots for rolling restarts).
   */
  /**
   * One http URL (a Kubernetes Service) or several, comma-separated (processes on one machine,
   * a rollout's surge slot), taken in turn.
   */
  httpUrlList: (fallback: string) => z.string().default(fallback).transform(httpUrls),
  optionalHttpUrlList: () => z.string().optional().transform((v, ctx) => (v === undefined ? undefined : httpUrls(v, ctx))),
  grpcAddress: (fallback: string) =>
    z
      .string()
      .regex(/^(?:[^\s:,]+:\d+|\d{1,3}(?:\.\d{1,3}){3}:\d+(?:,\d{1,3}(?:\.\d{1,3}){3}:\d+)+)$/, 'must be host:port or ip:port,ip:port,...')
      .default(fallback),
};
