// The development secrets docker-compose.yml publishes start a platform whose origin is this
// machine, and nothing else; the k8s template's placeholder starts nothing.
import t from 'tap';
import { ConfigError, env, parseEnv, PUBLISHED_DEVELOPMENT_SECRETS, z } from '../src/config.js';

const shape = { BASE_URL: env.url('http://localhost:8080'), SESSION_SECRET: z.string().min(32) };
const published = 'dev-only-session-secret-0123456789abcdef';

t.test('a published development secret is fine while the origin is this machine', async (t) => {
  t.ok(PUBLISHED_DEVELOPMENT_SECRETS.has(published));
  for (const base of [undefined, 'http://localhost:8080', 'http://127.0.0.1:9000', 'http://[::1]:8080', 'http://app.localhost']) {
    t.doesNotThrow(() => parseEnv('svc', shape, { SESSION_SECRET: published, ...(base ? { BASE_URL: base } : {}) }), String(base));
  }
});

t.test('anywhere else it refuses to start, naming the variable and never the value', async (t) => {
  let err: unknown;
  try {
    parseEnv('svc', shape, { SESSION_SECRET: published, BASE_URL: 'https://credentials.example.com' });
  } catch (e) {
    err = e;
  }
  t.ok(err instanceof ConfigError);
  t.match((err as Error).message, /SESSION_SECRET: is a development value published in docker-compose\.yml/);
  t.notMatch((err as Error).message, new RegExp(published), 'the value is not repeated');
  t.doesNotThrow(() => parseEnv('svc', shape, { SESSION_SECRET: 'x'.repeat(40), BASE_URL: 'https://credentials.example.com' }), 'an own secret');
});

t.test("the k8s template's placeholder never starts", async (t) => {
  t.throws(() => parseEnv('svc', shape, { SESSION_SECRET: 'REPLACE_ME'.padEnd(40, '_') }), /SESSION_SECRET: still holds the template placeholder/);
});
