import {
  callerIdentity,
  newRpcIdentityKey,
  RPC_ALLOW_LIST,
  RPC_CALLERS,
  rpcIdentityKeyVariable,
  rpcPublicKeysOf,
  type CallerIdentity,
  type RpcServerName,
  type RpcServiceName,
} from '@cred/grpc';

/** Every caller's seed (RPC_IDENTITY_KEY_<SERVICE>) and every server's RPC_PUBLIC_KEYS, fresh (ADR 0014). */
export function newRpcIdentitySecrets(): Record<string, string> {
  const out: Record<string, string> = Object.fromEntries(RPC_CALLERS.map((caller) => [rpcIdentityKeyVariable(caller), newRpcIdentityKey()]));
  out.RPC_PUBLIC_KEYS = rpcPublicKeysOf(out);
  return out;
}

let processSecrets: Record<string, string> | undefined;
/** One set per test process, for services a test starts in-process (rpcEnv) and its clients (testCaller). */
function shared(): Record<string, string> {
  processSecrets ??= newRpcIdentitySecrets();
  return processSecrets;
}

/** The RPC identity variables of one service a test starts in-process: its own seed (if it calls others) and the public keys. */
export function rpcEnv(service: RpcServiceName, secrets: Readonly<Record<string, string | undefined>> = shared()): Record<string, string> {
  const env: Record<string, string> = { RPC_PUBLIC_KEYS: secrets.RPC_PUBLIC_KEYS ?? '' };
  const seed = secrets[rpcIdentityKeyVariable(service)];
  if (seed) env.RPC_IDENTITY_KEY = seed;
  return env;
}

/** The real identity of one service, as that service itself signs it (tests of the allow-list). */
export function serviceCaller(service: RpcServiceName, secrets: Readonly<Record<string, string | undefined>> = shared()): CallerIdentity {
  const seed = secrets[rpcIdentityKeyVariable(service)];
  if (!seed) throw new Error(`no ${rpcIdentityKeyVariable(service)} in these secrets`);
  return callerIdentity(service, seed);
}

/**
 * A test that drives a service directly plays the part of whichever service the allow-list lets
 * make each call (the gateway for most): the token of the first caller allowed for that RPC. Tests
 * of anything but the allow-list need no more; the allow-list has its own (test/e2e/rpc-identity.test.ts).
 */
export function testCaller(secrets: Readonly<Record<string, string | undefined>> = shared()): CallerIdentity {
  const identities = new Map(RPC_CALLERS.map((c) => [c, serviceCaller(c, secrets)] as const));
  return {
    service: 'gateway',
    tokenFor(audience: RpcServerName, method: string) {
      const caller = RPC_CALLERS.find((c) => RPC_ALLOW_LIST[audience][c]?.includes(method)) ?? 'gateway';
      return identities.get(caller)!.tokenFor(audience, method);
    },
  };
}
