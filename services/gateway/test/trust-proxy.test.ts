// TRUST_PROXY: which peers may tell the client's address (X-Forwarded-For), and so whose
// per-IP limit a request counts against. Behind an ingress that appends the address it saw, a
// client that writes its own X-Forwarded-For must still be limited by its real address.
import t from 'tap';
import { loadConfig } from '../src/config.js';
import { ADMIN_TOKEN, SESSION_KEYS, startPlatform } from './fixtures/platform.js';
import { rpcEnv } from '@cred/testing';

const base = { SESSION_PUBLIC_KEYS: SESSION_KEYS.SESSION_PUBLIC_KEYS, PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN };
const parse = (value: string | undefined) => loadConfig({ ...rpcEnv('gateway'), ...base, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY;

t.test('the setting: off, a hop count, or proxy addresses; never "trust anything"', async (t) => {
  t.equal(parse(undefined), false, 'off by default: the client is the TCP peer');
  t.equal(parse('false'), false);
  t.equal(parse('1'), 1, 'one proxy in front');
  t.equal(parse('2'), 2);
  t.same(parse('loopback, 10.0.0.0/8,fd00::/8 , 192.0.2.1'), ['loopback', '10.0.0.0/8', 'fd00::/8', '192.0.2.1']);
  for (const refused of ['true', 'yes', '11', '10.0.0.0/33', 'fd00::/129', 'proxy.internal', '10.0.0.0/8/1', '::1/x']) {
    t.throws(() => parse(refused), /TRUST_PROXY/, `${refused} is refused at start`);
  }
});

t.test('behind one proxy, a forged X-Forwarded-For does not escape the per-IP limit', async (t) => {
  const p = await startPlatform(t, { env: { TRUST_PROXY: '1', RATE_LIMIT_IP_PER_MINUTE: '3' } });
  const g = p.gateways[0]!;
  // What the client writes, then what the ingress appends: the address it really saw.
  const forwarded = (i: number, client: string) => ({ 'x-forwarded-for': `198.51.100.${i}, ${client}` });
  const statuses: number[] = [];
  for (let i = 1; i <= 5; i++) statuses.push((await g.request('GET', '/api/v1/openapi.json', { headers: forwarded(i, '203.0.113.7') })).status);
  t.same(statuses, [200, 200, 200, 429, 429], 'counted against 203.0.113.7 whatever the client wrote');
  const other = await g.request('GET', '/api/v1/openapi.json', { headers: forwarded(9, '203.0.113.8') });
  t.equal(other.status, 200, 'another real client has its own limit');
});

t.test('with the proxies named by address, the client is the right-most untrusted entry', async (t) => {
  const p = await startPlatform(t, { env: { TRUST_PROXY: 'loopback, 10.0.0.0/8', RATE_LIMIT_IP_PER_MINUTE: '2' } });
  const g = p.gateways[0]!;
  // client forged entry, the real client, then an internal proxy hop; the TCP peer is loopback.
  const via = (forged: string) => ({ 'x-forwarded-for': `${forged}, 203.0.113.20, 10.1.2.3` });
  const statuses: number[] = [];
  for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) statuses.push((await g.request('GET', '/api/v1/openapi.json', { headers: via(forged) })).status);
  t.same(statuses, [200, 200, 429]);
});
