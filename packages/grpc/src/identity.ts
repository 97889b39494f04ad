import { createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { ed25519PrivateKeyOf, ed25519PublicKeyOf, z } from '@cred/runtime';
import { RPC_ALLOW_LIST, RPC_CALLERS, RPC_SERVICE_NAMES, type RpcServerName, type RpcServiceName } from './allow-list.js';

/**
 * Who is calling (ADR 0014). Every service that calls another holds its own Ed25519 private key
 * and puts a short-lived token in each call's metadata: `<payload>.<signature>`, both base64url,
 * the payload JSON `{ iss, aud, iat, exp }` (the calling service, the called service, seconds
 * since the epoch). Servers hold the callers' public keys, check the token, then the allow-list.
 * A token is signed once per audience and reused for most of its lifetime; a server remembers the
 * tokens it has checked until they expire, so a call costs a map look-up on either side.
 */
export const RPC_IDENTITY_METADATA = 'x-rpc-identity';
/** Set on a refusal, so the caller reports it as its own fault (INTERNAL), never as the end user's 401/403. */
export const RPC_REFUSED_METADATA = 'x-rpc-identity-refused';

const TOKEN_LIFETIME_S = 300;
/** A cached token is replaced once less than this is left, so none expires on the way. */
const RENEW_BEFORE_S = 60;
/** Clocks of two machines may differ by this much. */
const CLOCK_SKEW_S = 30;
const MAX_VERIFIED = 10_000;
const MAX_TOKEN_CHARS = 512;

const PAYLOAD = z.object({
  iss: z.enum(RPC_SERVICE_NAMES),
  aud: z.enum(RPC_SERVICE_NAMES),
  iat: z.number().int(),
  exp: z.number().int(),
});
type Payload = z.infer<typeof PAYLOAD>;

/** What a client puts in a call's metadata: a token naming its service and the callee. */
export interface CallerIdentity {
  readonly service: RpcServiceName;
  /** The token for a call of `method` on `audience` (a production identity ignores the method). */
  tokenFor(audience: RpcServerName, method: string): string;
}

const nowSeconds = (now: () => number) => Math.floor(now() / 1000);

/** Signs a token; exported for tests that need an expired or foreign one. */
export function signRpcToken(key: KeyObject, payload: Payload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(null, Buffer.from(body), key).toString('base64url')}`;
}

/** This service's identity, from its seed (RPC_IDENTITY_KEY). One token per audience, renewed before it expires. */
export function callerIdentity(service: RpcServiceName, seed: string, now: () => number = Date.now): CallerIdentity {
  const key = ed25519PrivateKeyOf(seed);
  const cache = new Map<string, { token: string; exp: number }>();
  return {
    service,
    tokenFor(audience) {
      const t = nowSeconds(now);
      const cached = cache.get(audience);
      if (cached && cached.exp - t > RENEW_BEFORE_S) return cached.token;
      const exp = t + TOKEN_LIFETIME_S;
      const token = signRpcToken(key, { iss: service, aud: audience, iat: t, exp });
      cache.set(audience, { token, exp });
      return token;
    },
  };
}

/** The public keys servers accept, by calling service (several during a rotation). */
export type RpcPublicKeys = ReadonlyMap<RpcServiceName, readonly KeyObject[]>;

const ENTRY = /^([a-z]+):([A-Za-z0-9_-]{43})$/;

/** RPC_PUBLIC_KEYS: `service:key,service:key,...`, each key an Ed25519 public key (32 bytes, base64url). */
export function parseRpcPublicKeys(value: string): RpcPublicKeys {
  const keys = new Map<RpcServiceName, KeyObject[]>();
  for (const entry of value.split(',').map((e) => e.trim())) {
    const m = ENTRY.exec(entry);
    const service = RPC_SERVICE_NAMES.find((s) => s === m?.[1]);
    if (!m || !service) throw new Error('each entry must be <service>:<Ed25519 public key in base64url>');
    keys.set(service, [...(keys.get(service) ?? []), ed25519PublicKeyOf(m[2]!)]);
  }
  return keys;
}

/** Env schema of RPC_IDENTITY_KEY (a service's own seed). */
export const rpcIdentityKeyEnv = z.string().refine((v) => {
  try {
    ed25519PrivateKeyOf(v);
    return true;
  } catch {
    return false;
  }
}, 'must be an Ed25519 seed: 32 bytes in base64url (43 characters)');

/** Env schema of RPC_PUBLIC_KEYS (the callers' public keys, on every gRPC server). */
export const rpcPublicKeysEnv = z.string().transform((v, ctx) => {
  try {
    return parseRpcPublicKeys(v);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be <service>:<Ed25519 public key, base64url>, comma-separated (service one of the platform)' });
    return z.NEVER;
  }
});

/** Why a call was refused: no or a bad token (UNAUTHENTICATED), or a caller the allow-list does not name for this RPC. */
export interface RpcRefusal {
  status: grpc.status.UNAUTHENTICATED | grpc.status.PERMISSION_DENIED;
  message: string;
  caller?: RpcServiceName;
}

/** What a server checks on every call before its handler runs. */
export interface RpcCallerPolicy {
  readonly service: RpcServerName;
  /** undefined: the caller may make this call. */
  check(metadata: grpc.Metadata, method: string): RpcRefusal | undefined;
}

/**
 * The policy of one server: a valid token for this audience, from a caller whose key is known,
 * that the allow-list names for the method. Tokens already checked are remembered until they expire.
 */
export function rpcCallerPolicy(service: RpcServerName, publicKeys: RpcPublicKeys, now: () => number = Date.now): RpcCallerPolicy {
  const verified = new Map<string, Payload>();
  const allowed = RPC_ALLOW_LIST[service];
  const unauthenticated = (message: string): RpcRefusal => ({ status: grpc.status.UNAUTHENTICATED, message });

  const authenticate = (token: string, t: number): Payload | RpcRefusal => {
    const seen = verified.get(token);
    if (seen) {
      if (seen.exp > t - CLOCK_SKEW_S) return seen;
      verified.delete(token);
      return unauthenticated('caller identity expired');
    }
    const [body, signature, extra] = token.length <= MAX_TOKEN_CHARS ? token.split('.') : [];
    if (!body || !signature || extra !== undefined) return unauthenticated('malformed caller identity');
    let payload: Payload;
    try {
      payload = PAYLOAD.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    } catch {
      return unauthenticated('malformed caller identity');
    }
    const keys = publicKeys.get(payload.iss) ?? [];
    const sig = Buffer.from(signature, 'base64url');
    if (!keys.some((key) => verify(null, Buffer.from(body), key, sig))) return unauthenticated('caller identity not signed by a known key');
    if (payload.aud !== service) return unauthenticated('caller identity is for another service');
    if (payload.exp <= t - CLOCK_SKEW_S || payload.iat > t + CLOCK_SKEW_S || payload.exp - payload.iat > TOKEN_LIFETIME_S) {
      return unauthenticated('caller identity expired or not yet valid');
    }
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(token, payload);
    return payload;
  };

  return {
    service,
    check(metadata, method) {
      const values = metadata.get(RPC_IDENTITY_METADATA);
      if (values.length !== 1 || typeof values[0] !== 'string') return unauthenticated('no caller identity');
      const result = authenticate(values[0], nowSeconds(now));
      if ('status' in result) return result;
      if (!allowed[result.iss]?.includes(method)) {
        return { status: grpc.status.PERMISSION_DENIED, message: `${result.iss} may not call ${service} ${method}`, caller: result.iss };
      }
      return undefined;
    },
  };
}

/**
 * Where one platform's secrets are kept together (`npm start`'s .dev-secrets.json, a test's
 * platformSecrets()), each caller's seed is RPC_IDENTITY_KEY_<SERVICE>; the launcher hands it to
 * that service alone, as RPC_IDENTITY_KEY (scripts/platform.ts).
 */
export const rpcIdentityKeyVariable = (service: RpcServiceName) => `RPC_IDENTITY_KEY_${service.toUpperCase()}`;

/** A new Ed25519 seed for one caller (base64url). */
export const newRpcIdentityKey = () => randomBytes(32).toString('base64url');

/** RPC_PUBLIC_KEYS for the seeds found under rpcIdentityKeyVariable in `secrets` (every caller's must be there). */
export function rpcPublicKeysOf(secrets: Readonly<Record<string, string | undefined>>): string {
  return RPC_CALLERS.map((caller) => {
    const seed = secrets[rpcIdentityKeyVariable(caller)];
    if (!seed) throw new Error(`${rpcIdentityKeyVariable(caller)} is not set`);
    const der = createPublicKey(ed25519PrivateKeyOf(seed)).export({ format: 'der', type: 'spki' });
    return `${caller}:${der.subarray(der.length - 32).toString('base64url')}`;
  }).join(',');
}
