// @unit
// The client address is derived by one function (@cred/runtime client-ip.ts) for the gateway's
// express app, its public pass-through and verification's public server. Express computes
// req.ip from the same trust function; this checks both agree on forged and real chains, and
// that a service one proxy further in (behindOneMoreProxy) sees the client the edge saw.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import t from 'tap';
import { appendForwardedFor, behindOneMoreProxy, clientAddress, clientKey, compileTrustProxy, type TrustProxySetting } from '@cred/runtime';

const SETTINGS: TrustProxySetting[] = [false, 1, 2, ['loopback'], ['loopback', '10.0.0.0/8'], ['uniquelocal', '203.0.113.9']];
const CHAINS: Array<string | undefined> = [
  undefined,
  '198.51.100.7',
  '1.1.1.1, 198.51.100.7',
  '1.1.1.1, 203.0.113.20, 10.1.2.3',
  '1.1.1.1,  203.0.113.9 ,10.0.0.1',
  'not-an-address, 127.0.0.1',
  '2001:db8::1, ::ffff:10.0.0.5',
];

t.test('express req.ip and clientAddress agree for every setting and chain', async (t) => {
  for (const setting of SETTINGS) {
    const app = express();
    app.set('trust proxy', compileTrustProxy(setting));
    app.get('/', (req, res) => res.json({ ip: req.ip ?? null }));
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    for (const chain of CHAINS) {
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: chain === undefined ? {} : { 'x-forwarded-for': chain } });
      const { ip } = (await res.json()) as { ip: string };
      const ours = clientAddress('127.0.0.1', chain, compileTrustProxy(setting));
      t.equal(ours, ip, `${JSON.stringify(setting)} / ${chain ?? '(none)'} -> ${ip}`);
    }
    await new Promise<void>((r) => server.close(() => r()));
  }
});

t.test('one proxy further in, the client is the one the edge saw', async (t) => {
  // The edge (gateway) sees the TCP peer `edgePeer` and X-Forwarded-For `chain`; it appends the
  // peer and connects to the inner service (verification) from loopback.
  const cases: Array<[TrustProxySetting, string, string | undefined]> = [
    [false, '203.0.113.5', undefined],
    [false, '203.0.113.5', '6.6.6.6'],
    [1, '10.0.0.2', '6.6.6.6, 203.0.113.5'],
    [2, '10.0.0.2', '6.6.6.6, 203.0.113.5, 10.0.0.3'],
    [['10.0.0.0/8'], '10.0.0.2', '6.6.6.6, 203.0.113.5, 10.0.0.3'],
  ];
  for (const [setting, edgePeer, chain] of cases) {
    const atEdge = clientAddress(edgePeer, chain, compileTrustProxy(setting));
    const inner = clientAddress('127.0.0.1', appendForwardedFor(chain, edgePeer), compileTrustProxy(behindOneMoreProxy(setting)));
    t.equal(inner, atEdge, `${JSON.stringify(setting)}: ${chain ?? '(none)'} via ${edgePeer} -> ${atEdge}`);
  }
  // Reaching the inner service directly (not through the edge) with a forged header does not help.
  t.equal(clientAddress('198.51.100.1', '6.6.6.6', compileTrustProxy(behindOneMoreProxy(false))), '198.51.100.1');
});

t.test('clientKey groups IPv6 by /56 and unwraps IPv4-mapped addresses', async (t) => {
  t.equal(clientKey('::ffff:192.0.2.1'), '192.0.2.1');
  t.equal(clientKey('2001:db8:1:2ff::1'), clientKey('2001:db8:1:200::9'));
  t.not(clientKey('2001:db8:1:2ff::1'), clientKey('2001:db8:1:300::1'));
  t.equal(clientKey(undefined), 'unknown');
});
