// @unit
// The development secrets docker-compose.yml publishes start a platform whose origin is this
// machine, and nothing else; the k8s template's placeholder starts nothing.
import t from 'tap';
import { ConfigError, env, parseEnv, PUBLISHED_DEVELOPMENT_SECRETS } from '../src/config.js';
import { newSessionKeyPair, sessionSigningKeyEnv } from '../src/session-token.js';

const shape = { BASE_URL: env.url('http://localhost:8080'), SESSION_SIGNING_KEY: sessionSigningKeyEnv };
/** docker-compose.yml's development session-signing seed. */
const published = 'WQDf99o6OYpv1hk9UxdaUmERqV4VkX8CIg71vRH4QPY';

t.test('a published development secret is fine while the origin is this machine', async (t) => {
  t.ok(PUBLISHED_DEVELOPMENT_SECRETS.has(published));
  for (const base of [undefined, 'http://localhost:8080', 'http://127.0.0.1:9000', 'http://[::1]:8080', 'http://app.localhost']) {
    t.doesNotThrow(() => parseEnv('svc', shape, { SESSION_SIGNING_KEY: published, ...(base ? { BASE_URL: base } : {}) }), String(base));
  }
});

t.test('anywhere else it refuses to start, naming the variable and never the value', async (t) => {
  let err: unknown;
  try {
    parseEnv('svc', shape, { SESSION_SIGNING_KEY: published, BASE_URL: 'https://credentials.example.com' });
  } catch (e) {
    err = e;
  }
  t.ok(err instanceof ConfigError);
  t.match((err as Error).message, /SESSION_SIGNING_KEY: is a development value published in docker-compose\.yml/);
  t.notMatch((err as Error).message, new RegExp(published), 'the value is not repeated');
  t.doesNotThrow(() => parseEnv('svc', shape, { SESSION_SIGNING_KEY: newSessionKeyPair().SESSION_SIGNING_KEY, BASE_URL: 'https://credentials.example.com' }), 'an own secret');
});

t.test("the k8s template's placeholder never starts", async (t) => {
  t.throws(() => parseEnv('svc', shape, { SESSION_SIGNING_KEY: 'REPLACE_ME' }), /SESSION_SIGNING_KEY: still holds the template placeholder/);
});
