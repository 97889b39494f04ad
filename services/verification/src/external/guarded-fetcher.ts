/**
 * The one outbound HTTP client of the external verifier (docs/contract.md "Verification", docs/security.md "Outbound requests"
 * S7/S10). Everything the verifier fetches (did:web documents, https controller documents,
 * status lists) goes through `createGuardedFetcher`:
 *
 * - https on port 443 only, unless `host:port` is in `allowedHosts` (VERIFIER_ALLOWED_HOSTS);
 *   listed hosts may also use http, any port and any address (local test servers, internal
 *   mirrors);
 * - for other hosts the name is resolved once (dns.lookup, all addresses) and refused if ANY
 *   address is not global unicast (loopback, private, link-local, unique-local, multicast,
 *   CGNAT, unspecified, reserved, IPv4-mapped forms of those). The connection is then pinned
 *   to the vetted address through the request's `lookup` hook, so a second, different DNS
 *   answer (rebinding) is never used; the socket's remote address is checked again on connect;
 * - no redirects (a 3xx is an error), one deadline for DNS + connect + body, a byte cap
 *   (Content-Length checked first, then the streamed body), `Accept-Encoding: identity` (no
 *   decompression bombs), and a content-type allow-list for JSON documents.
 *
 * node:http/https are used directly because Node's fetch (undici) takes no per-request lookup.
 */
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { errorMessage, FetchError } from './errors.js';
import { classifyAddress, sameAddress } from './ip-policy.js';
import { DEFAULT_JSON_LIMITS, parseJsonWithLimits, type JsonLimits } from './json-limits.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (default: dns.lookup with `all: true`). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface GuardedFetcherOptions {
  /** `host:port` entries (VERIFIER_ALLOWED_HOSTS); an entry without a port matches 80 and 443. */
  allowedHosts: readonly string[];
  /** Deadline for the whole request (DNS, connect, headers, body). Default 3000 ms. */
  timeoutMs?: number;
  /** Largest response body accepted. Default 100 KiB. */
  maxBytes?: number;
  resolver?: HostResolver;
  userAgent?: string;
  jsonLimits?: JsonLimits;
}

export interface GetOptions {
  accept?: string;
  maxBytes?: number;
}

export interface GuardedResponse {
  url: string;
  status: number;
  contentType: string | null;
  body: Buffer;
  remoteAddress: string;
}

/** What the verifier needs from a fetcher; tests may substitute a map-backed implementation. */
export interface DocumentFetcher {
  /** GETs a JSON document (any JSON-ish content type, text/plain, octet-stream). Throws FetchError. */
  fetchJson(url: string, options?: GetOptions): Promise<unknown>;
  /** True if the URL's `host:port` is allow-listed (so http may be used for it). */
  isAllowedHost(url: string): boolean;
}

export interface GuardedFetcher extends DocumentFetcher {
  get(url: string, options?: GetOptions): Promise<GuardedResponse>;
}

const DEFAULT_TIMEOUT_MS = 3000;
const DEFAULT_MAX_BYTES = 100 * 1024;
const MAX_URL_LENGTH = 2048;
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;
const JSON_TYPES = /^(application\/(json|ld\+json|did\+json|did\+ld\+json|[a-z0-9.+-]*\+json|octet-stream)|text\/plain)$/i;

const defaultResolver: HostResolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

/** Normalizes allow-list entries to `hostname:port` the way WHATWG URL prints them. */
function normalizeAllowList(entries: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    let url: URL;
    try {
      url = new URL(`http://${entry}`);
    } catch {
      throw new Error(`VERIFIER_ALLOWED_HOSTS entry is not host:port: ${raw}`);
    }
    const host = bareHost(url.hostname);
    if (/:\d+$/.test(entry) || /^\[.*\]:\d+$/.test(entry)) {
      out.add(`${host}:${url.port || '80'}`);
    } else {
      out.add(`${host}:80`);
      out.add(`${host}:443`);
    }
  }
  return out;
}

interface Target {
  url: URL;
  host: string; // bare host name or IP literal
  port: number;
  allowed: boolean;
}

export function createGuardedFetcher(options: GuardedFetcherOptions): GuardedFetcher {
  const allowList = normalizeAllowList(options.allowedHosts);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const defaultMaxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const resolver = options.resolver ?? defaultResolver;
  const userAgent = options.userAgent ?? 'cred-verifier/1.0 (+Open Badges 3.0 verification)';
  const jsonLimits = options.jsonLimits ?? DEFAULT_JSON_LIMITS;

  function target(raw: string): Target {
    if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URL_LENGTH)
      throw new FetchError('BAD_URL', 'URL missing or too long');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new FetchError('BAD_URL', `not an absolute URL: ${raw.slice(0, 200)}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new FetchError('SCHEME_NOT_ALLOWED', `scheme ${url.protocol} is not fetched`);
    if (url.username || url.password) throw new FetchError('BAD_URL', 'URLs with credentials are not fetched');
    const host = bareHost(url.hostname.toLowerCase());
    if (host === '') throw new FetchError('BAD_URL', 'URL has no host');
    const port = url.port || defaultPort(url.protocol);
    const allowed = allowList.has(`${host}:${port}`);
    if (!allowed) {
      if (url.protocol !== 'https:')
        throw new FetchError('SCHEME_NOT_ALLOWED', `only https is fetched from ${host}:${port} (not in VERIFIER_ALLOWED_HOSTS)`);
      if (port !== '443') throw new FetchError('PORT_NOT_ALLOWED', `only port 443 is fetched from ${host} (not in VERIFIER_ALLOWED_HOSTS)`);
      if (isIP(host) !== 0) {
        const verdict = classifyAddress(host);
        if (!verdict.allowed) throw new FetchError('ADDRESS_NOT_ALLOWED', `refusing to fetch from ${verdict.range} address ${host}`);
      } else if (LOCAL_NAME.test(host) || !host.includes('.')) {
        throw new FetchError('ADDRESS_NOT_ALLOWED', `refusing to fetch from local host name ${host}`);
      }
    }
    url.hash = '';
    return { url, host, port: Number(port), allowed };
  }

  function isAllowedHost(raw: string): boolean {
    try {
      const url = new URL(raw);
      return allowList.has(`${bareHost(url.hostname.toLowerCase())}:${url.port || defaultPort(url.protocol)}`);
    } catch {
      return false;
    }
  }

  async function pick(t: Target, deadline: Promise<never>): Promise<ResolvedAddress> {
    const literal = isIP(t.host);
    if (literal !== 0) return { address: t.host, family: literal };
    let addresses: ResolvedAddress[];
    try {
      addresses = await Promise.race([resolver(t.host), deadline]);
    } catch (err) {
      if (err instanceof FetchError) throw err;
      throw new FetchError('DNS_FAILED', `cannot resolve ${t.host}: ${errorMessage(err)}`);
    }
    if (!Array.isArray(addresses) || addresses.length === 0) throw new FetchError('DNS_FAILED', `${t.host} has no addresses`);
    if (!t.allowed) {
      // Every answer must be public: a mixed answer is the classic rebinding set-up.
      for (const a of addresses) {
        const verdict = classifyAddress(a.address);
        // The message reaches whoever submitted the credential: it names their host, never the
        // address our resolver gave for it (a name pointing inside our network tells them nothing).
        if (!verdict.allowed) throw new FetchError('ADDRESS_NOT_ALLOWED', `${t.host} does not resolve to public addresses only`);
      }
    }
    const first = addresses[0]!;
    return { address: first.address, family: first.family === 6 || isIP(first.address) === 6 ? 6 : 4 };
  }

  async function get(rawUrl: string, getOptions: GetOptions = {}): Promise<GuardedResponse> {
    const t = target(rawUrl);
    const maxBytes = getOptions.maxBytes ?? defaultMaxBytes;
    let timer: NodeJS.Timeout | undefined;
    let onTimeout: (() => void) | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        onTimeout?.();
        reject(new FetchError('TIMEOUT', `no complete response from ${t.host} within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    deadline.catch(() => undefined); // handled through the races below
    try {
      const pinned = await pick(t, deadline);
      const lookup: LookupFunction = (_hostname, opts, cb) => {
        // Node >= 20 may ask for all addresses (autoSelectFamily); answer with the pinned one only.
        if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [pinned]);
        else cb(null, pinned.address, pinned.family);
      };
      const request = new Promise<GuardedResponse>((resolve, reject) => {
        const mod = t.url.protocol === 'https:' ? https : http;
        const req = mod.request(
          {
            protocol: t.url.protocol,
            host: t.host,
            port: t.port,
            path: `${t.url.pathname}${t.url.search}`,
            method: 'GET',
            agent: false, // no pooled sockets: every request is pinned and vetted afresh
            lookup,
            ...(t.url.protocol === 'https:' && isIP(t.host) === 0 ? { servername: t.host } : {}),
            headers: {
              accept: getOptions.accept ?? 'application/json',
              'accept-encoding': 'identity',
              'user-agent': userAgent,
            },
            maxHeaderSize: 16 * 1024,
          },
          (res) => {
            const status = res.statusCode ?? 0;
            const remoteAddress = res.socket?.remoteAddress ?? pinned.address;
            const fail = (err: FetchError) => {
              reject(err); // first: destroying emits 'aborted'/'error', which must not win
              res.destroy();
            };
            if (status >= 300 && status < 400) return fail(new FetchError('REDIRECT', `redirect (${status}) not followed`, status));
            if (status !== 200) return fail(new FetchError('HTTP_STATUS', `HTTP ${status} from ${t.host}`, status));
            const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
            if (encoding !== 'identity') return fail(new FetchError('BAD_CONTENT_TYPE', `content-encoding ${encoding} is not accepted`));
            const declared = Number(res.headers['content-length']);
            if (Number.isFinite(declared) && declared > maxBytes) {
              return fail(new FetchError('TOO_LARGE', `response of ${declared} bytes exceeds ${maxBytes}`));
            }
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > maxBytes) return fail(new FetchError('TOO_LARGE', `response exceeds ${maxBytes} bytes`));
              chunks.push(chunk);
            });
            res.on('end', () => {
              const ct = res.headers['content-type'];
              resolve({
                url: t.url.href,
                status,
                contentType: typeof ct === 'string' ? ct : null,
                body: Buffer.concat(chunks),
                remoteAddress,
              });
            });
            res.on('error', (err) => reject(err instanceof FetchError ? err : new FetchError('NETWORK', errorMessage(err))));
            res.on('aborted', () => reject(new FetchError('NETWORK', 'response aborted')));
          },
        );
        onTimeout = () => req.destroy(new FetchError('TIMEOUT', `no complete response from ${t.host} within ${timeoutMs} ms`));
        req.on('socket', (socket: Socket) => {
          const check = () => {
            const remote = socket.remoteAddress;
            if (remote === undefined) return;
            if (!sameAddress(remote, pinned.address) || (!t.allowed && !classifyAddress(remote).allowed)) {
              req.destroy(new FetchError('ADDRESS_NOT_ALLOWED', `the connection to ${t.host} did not reach the address that was checked`));
            }
          };
          if (socket.remoteAddress !== undefined && !socket.connecting) check();
          else socket.once('connect', check);
        });
        req.on('error', (err) => reject(err instanceof FetchError ? err : new FetchError('NETWORK', `${t.host}: ${errorMessage(err)}`)));
        req.end();
      });
      return await Promise.race([request, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function fetchJson(url: string, getOptions: GetOptions = {}): Promise<unknown> {
    const res = await get(url, { accept: 'application/json, application/ld+json;q=0.9, application/did+json;q=0.9', ...getOptions });
    const mediaType = res.contentType?.split(';')[0]?.trim() ?? '';
    if (mediaType !== '' && !JSON_TYPES.test(mediaType)) throw new FetchError('BAD_CONTENT_TYPE', `expected JSON, got ${mediaType}`);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(res.body);
    } catch {
      throw new FetchError('BAD_JSON', 'response is not valid UTF-8');
    }
    try {
      return parseJsonWithLimits(text, jsonLimits);
    } catch (err) {
      throw new FetchError('BAD_JSON', `response is not acceptable JSON: ${errorMessage(err)}`);
    }
  }

  return { get, fetchJson, isAllowedHost };
}
