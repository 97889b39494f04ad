import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress, type WebhookTarget } from '../domain/url-policy.js';

/** Resolves a host name to all its addresses (injectable so tests can play a rebinding DNS). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

export interface PostOptions {
  timeoutMs: number;
  /** Bytes of the response read at most; the rest is dropped with the connection. */
  maxResponseBytes: number;
  resolver: Resolver;
}

export interface PostResult {
  statusCode: number | null;
  error: string | null;
  /** Up to 256 characters of the response body, for the delivery log. */
  excerpt: string;
  durationMs: number;
}

/**
 * A refused connection. The message names the host the customer gave, never the address it
 * resolved to: the delivery log is shown to the organization, and our resolver's answer for a
 * name pointing inside our network is not theirs to read.
 */
export class BlockedAddressError extends Error {
  constructor(host: string) {
    super(`refused to connect: ${host} is not a public address or does not resolve to public addresses only`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * A lookup for http.request that resolves through `resolver` and refuses, at connect time, any
 * non-public address unless the target is allowlisted. Node connects to exactly the address this
 * returns, so a name that resolved to a public address at registration and to 127.0.0.1 now
 * (DNS rebinding) is refused here.
 */
function guardedLookup(resolver: Resolver, allowlisted: boolean): LookupFunction {
  return ((hostname: string, options: { all?: boolean } | number, callback: (...args: unknown[]) => void) => {
    resolver(hostname).then(
      (addresses) => {
        const usable = allowlisted ? addresses : addresses.filter((a) => isPublicAddress(a.address));
        if (usable.length === 0) {
          callback(new BlockedAddressError(hostname));
          return;
        }
        // Any refused address refuses the name: a mixed answer is a rebinding attempt or a misconfiguration.
        if (usable.length !== addresses.length) {
          callback(new BlockedAddressError(hostname));
          return;
        }
        if (typeof options === 'object' && options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (err: unknown) => callback(err),
    );
  }) as unknown as LookupFunction;
}

/**
 * POSTs `body` to the target: no redirects (a 3xx is just a failed attempt), no proxy from the
 * environment, a fresh connection each time, an overall timeout and a cap on the response read.
 */
export function safePost(target: WebhookTarget, body: string, headers: Record<string, string>, o: PostOptions): Promise<PostResult> {
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: Omit<PostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: elapsed() });
    };
    const host = target.url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !target.allowlisted && !isPublicAddress(host)) {
      done({ statusCode: null, error: new BlockedAddressError(host).message, excerpt: '' });
      return;
    }
    const mod = target.url.protocol === 'https:' ? https : http;
    const payload = Buffer.from(body, 'utf8');
    const req = mod.request(target.url, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(o.resolver, target.allowlisted),
      headers: { ...headers, 'content-length': String(payload.length) },
    });
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${o.timeoutMs} ms`));
    }, o.timeoutMs);
    req.on('socket', (socket) => {
      socket.on('connect', () => {
        // Belt and braces: the peer we actually reached must be allowed too.
        const remote = socket.remoteAddress;
        if (!target.allowlisted && remote && !isPublicAddress(remote)) req.destroy(new BlockedAddressError(host));
      });
    });
    req.on('error', (err) => done({ statusCode: null, error: err.message.slice(0, 300), excerpt: '' }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        // eslint-disable-next-line no-control-regex -- control characters are dropped from the excerpt
        const text = Buffer.concat(chunks).toString('utf8').replace(/[\u0000-\u0008\u000b-\u001f]/g, '');
        const code = res.statusCode ?? 0;
        const ok = code >= 200 && code < 300;
        done({ statusCode: code, error: ok ? null : `HTTP ${code}`, excerpt: text.slice(0, 256) });
      };
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Only an excerpt is kept; the rest is read (up to the cap) so the server sees a clean close.
        if (size - chunk.length < 4096) chunks.push(chunk);
        if (size > o.maxResponseBytes) {
          finish();
          res.destroy();
          req.destroy();
        }
      });
      res.on('end', finish);
      res.on('error', finish);
      res.on('aborted', finish);
    });
    req.end(payload);
  });
}
