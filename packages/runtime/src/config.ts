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
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigError(service, problems);
  }
  return result.data;
}

/** Reusable field schemas for environment variables. */
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
  /** gRPC target `host:port`. */
  grpcAddress: (fallback: string) => z.string().regex(/^[^\s:]+:\d+$/, 'must be host:port').default(fallback),
};
