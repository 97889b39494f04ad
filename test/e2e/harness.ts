import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIsolation, type TestIsolation } from '@cred/testing';
import { allocatePorts, launchPlatform, type RunningPlatform } from '../../scripts/launcher.js';
import { migrateAll } from '../../scripts/migrate-all.js';

export interface TestPlatform {
  platform: RunningPlatform;
  isolation: TestIsolation;
  baseUrl: string;
  adminToken: string;
  logFile: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The whole platform as separate processes, exactly as `pnpm start` runs it, on fresh
 * ports with its own database, exchange and Redis prefix, and fresh secrets.
 */
export async function startTestPlatform(label: string): Promise<TestPlatform> {
  const isolation = await createIsolation(label);
  await migrateAll(isolation.databaseUrl);
  const ports = await allocatePorts();
  const logFile = join(mkdtempSync(join(tmpdir(), `e2e-${label}-`)), 'platform.log');
  const adminToken = `adm_${randomBytes(24).toString('base64url')}`;
  const baseUrl = `http://localhost:${ports.gateway.http}`;
  const env: Record<string, string> = {
    DATABASE_URL: isolation.databaseUrl,
    AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
    REDIS_URL: isolation.redisUrl,
    REDIS_KEY_PREFIX: isolation.redisKeyPrefix,
    EVENTS_EXCHANGE: isolation.eventsExchange,
    BASE_URL: baseUrl,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    PLATFORM_ADMIN_TOKEN: adminToken,
    KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64url')}`,
    TEST_CLOCK: 'true',
    LOG_LEVEL: 'info',
  };
  let platform: RunningPlatform;
  try {
    platform = await launchPlatform({ ports, env, output: { kind: 'file', path: logFile }, readyTimeoutMs: 90000 });
  } catch (err) {
    await isolation.cleanup();
    throw new Error(`${err instanceof Error ? err.message : String(err)} (service logs: ${logFile})`);
  }
  return {
    platform,
    isolation,
    baseUrl: platform.gatewayUrl,
    adminToken,
    logFile,
    env,
    async stop() {
      await platform.stop();
      await isolation.cleanup();
    },
  };
}
