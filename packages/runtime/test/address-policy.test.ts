// @unit
// The one outbound address policy (src/address-policy.ts) used by webhook deliveries and by the
// verifier of other platforms' credentials: global unicast only, whatever the text form.
import t from 'tap';
import { classifyAddress, isPublicAddress, sameAddress } from '../src/address-policy.js';

t.test('refused: everything that is not a public host on the internet', async (t) => {
  const refused = [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '192.0.0.9',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '::1',
    '::',
    'fd00::1',
    'fc00::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    // IPv4-compatible IPv6 (::/96), written either way: a host may turn it into IPv4.
    '::7f00:1',
    '::127.0.0.1',
    '::a00:1',
    '::808:808',
    // NAT64, well-known and local-use prefixes: a translator connects to the IPv4 inside.
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::a00:1',
    '64:ff9b:1:ffff::1',
    // Site-local (deprecated, still routed inside some networks), 6to4, Teredo, documentation.
    'fec0::1',
    'feff::1',
    '2002:7f00:1::1',
    '2001::1',
    '2001:db8::1',
    '[::1]',
    'not-an-ip',
    '1.2.3',
  ];
  for (const a of refused) {
    const v = classifyAddress(a);
    t.equal(v.allowed, false, `${a} refused (${v.range})`);
    t.equal(isPublicAddress(a), false);
  }
});

t.test('allowed: global unicast, and IPv4-mapped forms of it', async (t) => {
  for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e', '::ffff:93.184.216.34', '[2606:4700:4700::1111]']) {
    t.same(classifyAddress(a), { allowed: true, range: 'unicast' }, `${a} allowed`);
  }
});

t.test('sameAddress: one IP in any text form', async (t) => {
  t.ok(sameAddress('::ffff:93.184.216.34', '93.184.216.34'));
  t.ok(sameAddress('[2606:4700:4700::1111]', '2606:4700:4700:0:0:0:0:1111'));
  t.notOk(sameAddress('93.184.216.34', '93.184.216.35'));
  t.notOk(sameAddress('not-an-ip', 'not-an-ip'));
});
