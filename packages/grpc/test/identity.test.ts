// @unit
// The allow-list names only RPCs that exist in proto/, and the identity tokens behave as ADR 0014
// says: one signature per callee for most of a token's life, checked once per token by a server.
import t from 'tap';
import { loadProtos } from '@cred/proto';
import { sessionPublicKeyOf } from '@cred/runtime';
import {
  callerIdentity,
  callersOf,
  GrpcMetadata,
  grpcStatus,
  newRpcIdentityKey,
  parseRpcPublicKeys,
  RPC_ALLOW_LIST,
  RPC_CALLERS,
  RPC_IDENTITY_METADATA,
  rpcCallerPolicy,
  rpcPublicKeysOf,
  rpcIdentityKeyVariable,
  type RpcServerName,
} from '../src/index.js';

t.test("every RPC the allow-list names exists in its server's proto service", async (t) => {
  type Ctor = { service: Record<string, { path: string }> };
  const protos = loadProtos() as unknown as Record<string, Record<string, unknown>>;
  for (const [server, byCaller] of Object.entries(RPC_ALLOW_LIST)) {
    const services = Object.values(protos[server] ?? {}).filter((v): v is Ctor => typeof v === 'function' && 'service' in v);
    t.equal(services.length, 1, `${server}: one proto service`);
    const rpcs = new Set(Object.keys(services[0]!.service));
    t.ok(
      Object.values(services[0]!.service).every((m) => m.path.startsWith(`/credentials.${server}.v1.`)),
      `${server}: its own package`,
    );
    for (const [caller, methods] of Object.entries(byCaller)) {
      const unknown = (methods ?? []).filter((m) => !rpcs.has(m));
      t.same(unknown, [], `${caller} -> ${server}: only RPCs of the proto`);
      t.equal(new Set(methods).size, methods?.length, `${caller} -> ${server}: no RPC twice`);
      t.not(caller, server, `${server} does not call itself`);
    }
  }
  t.same([...RPC_CALLERS].sort(), ['billing', 'gateway', 'issuance', 'notification', 'verification']);
  t.same(callersOf('signing'), ['issuance'], 'signing: issuance alone');
});

t.test('a caller signs once per callee and renews before expiry; a server checks a token once', async (t) => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const seeds = Object.fromEntries(RPC_CALLERS.map((c) => [rpcIdentityKeyVariable(c), newRpcIdentityKey()]));
  const keys = parseRpcPublicKeys(rpcPublicKeysOf(seeds));
  const issuance = callerIdentity('issuance', seeds[rpcIdentityKeyVariable('issuance')]!, () => now);
  const first = issuance.tokenFor('signing', 'SignCredential');
  t.equal(issuance.tokenFor('signing', 'SignCredentials'), first, 'the same token for every call to one service');
  t.not(issuance.tokenFor('accounts', 'GetOrganization'), first, 'another for another service');

  const policy = rpcCallerPolicy('signing', keys, () => now);
  const md = (token: string) => {
    const m = new GrpcMetadata();
    m.set(RPC_IDENTITY_METADATA, token);
    return m;
  };
  t.equal(policy.check(md(first), 'SignCredential'), undefined, 'allowed');
  t.equal(policy.check(md(first), 'GenerateKey'), undefined, 'allowed, from the cache of checked tokens');
  t.equal(policy.check(md(first), 'NoSuchRpc')?.status, grpcStatus.PERMISSION_DENIED, 'not on the list');

  now += 4.5 * 60_000;
  const renewed = issuance.tokenFor('signing', 'SignCredential');
  t.not(renewed, first, 'renewed within its last minute');
  t.equal(policy.check(md(renewed), 'SignCredential'), undefined);
  now += 6 * 60_000;
  t.equal(policy.check(md(first), 'SignCredential')?.status, grpcStatus.UNAUTHENTICATED, 'a checked token is refused once it has expired');

  const verification = callerIdentity('verification', seeds[rpcIdentityKeyVariable('verification')]!, () => now);
  t.equal(
    policy.check(md(verification.tokenFor('signing', 'SignCredential')), 'SignCredential')?.status,
    grpcStatus.PERMISSION_DENIED,
    'verification may not sign',
  );
  const rotated = parseRpcPublicKeys(`issuance:${sessionPublicKeyOf(newRpcIdentityKey())},${rpcPublicKeysOf(seeds)}`);
  t.equal(rotated.get('issuance')?.length, 2, 'two keys of one caller during a rotation');
  const during = rpcCallerPolicy('signing', rotated, () => now);
  t.equal(
    during.check(md(issuance.tokenFor('signing', 'SignCredential')), 'SignCredential'),
    undefined,
    'the old key still passes while both are listed',
  );
  for (const bad of ['', 'gateway', 'nobody:' + 'A'.repeat(43), `gateway:${'A'.repeat(42)}`])
    t.throws(() => parseRpcPublicKeys(bad), JSON.stringify(bad));
});

t.test('the allow-list gives every server at least one caller', async (t) => {
  for (const server of Object.keys(RPC_ALLOW_LIST) as RpcServerName[]) t.ok(callersOf(server).length > 0, server);
});

t.test("every RPC a service's code calls on another service is on the allow-list for it", async (t) => {
  // A call the list does not name is refused at run time (PERMISSION_DENIED, a 500 to the user);
  // this finds it before: each `.Rpc(` in a service's source, for an RPC another service serves.
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  type Ctor = { service: Record<string, { path: string }> };
  const protos = loadProtos() as unknown as Record<string, Record<string, unknown>>;
  const servedBy = new Map<string, string[]>();
  for (const server of Object.keys(RPC_ALLOW_LIST)) {
    const ctor = Object.values(protos[server] ?? {}).find((v): v is Ctor => typeof v === 'function' && 'service' in v)!;
    for (const rpc of Object.keys(ctor.service)) servedBy.set(rpc, [...(servedBy.get(rpc) ?? []), server]);
  }
  const root = fileURLToPath(new URL('../../../services/', import.meta.url));
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [readFileSync(join(dir, e.name), 'utf8')] : [],
    );
  const missing: string[] = [];
  let calls = 0;
  for (const caller of RPC_CALLERS) {
    const text = sources(join(root, caller, 'src')).join('\n');
    for (const [rpc, servers] of servedBy) {
      const others = servers.filter((s) => s !== caller) as RpcServerName[];
      if (others.length === 0 || !new RegExp(`\\.${rpc}\\(`).test(text)) continue;
      calls++;
      if (!others.some((s) => RPC_ALLOW_LIST[s][caller]?.includes(rpc))) missing.push(`${caller} -> ${others.join('|')}.${rpc}`);
    }
  }
  t.ok(calls > 50, `the services' calls were found (${calls})`);
  t.same(missing, [], 'no call the allow-list refuses');
});
