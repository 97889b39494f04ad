import { isIP } from 'node:net';
import { isPublicAddress } from '@cred/runtime';

export { isPublicAddress };

/**
 * Where outbound webhooks may go (docs/contract.md "Events, e-mail and webhooks", docs/security.md "Outbound requests"): https on port
 * 443 to public unicast addresses. A `host:port` listed in WEBHOOK_ALLOWED_HOSTS may also use
 * http, any port and any address (a test receiver on loopback, an internal relay).
 * The addresses are checked again at connect time (see webhooks/safe-http.ts), so a name that
 * resolves differently later (DNS rebinding) is still refused.
 */
export interface WebhookTarget {
  url: URL;
  /** `hostname:port` (lower case, port made explicit), the form of WEBHOOK_ALLOWED_HOSTS. */
  hostPort: string;
  allowlisted: boolean;
}

export class UrlPolicyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UrlPolicyError';
  }
}

export const MAX_URL_LENGTH = 2048;

function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** Parses and checks a webhook URL without touching the network; throws UrlPolicyError. */
export function checkWebhookUrl(raw: string, allowedHosts: readonly string[]): WebhookTarget {
  if (raw.length === 0 || raw.length > MAX_URL_LENGTH) throw new UrlPolicyError(`url must be 1 to ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlPolicyError('url is not a valid absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UrlPolicyError('url must use https');
  if (url.username || url.password) throw new UrlPolicyError('url must not contain credentials');
  if (!url.hostname) throw new UrlPolicyError('url has no host');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const hostPort = `${url.hostname.toLowerCase()}:${port}`;
  const allowlisted = allowedHosts.includes(hostPort) || allowedHosts.includes(`${bareHost(url.hostname.toLowerCase())}:${port}`);
  if (!allowlisted) {
    if (url.protocol !== 'https:') throw new UrlPolicyError('url must use https');
    if (port !== '443') throw new UrlPolicyError('url must use the default https port (443)');
    const host = bareHost(url.hostname);
    if (isIP(host) && !isPublicAddress(host)) throw new UrlPolicyError('url must point to a public address');
    if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
      throw new UrlPolicyError('url must point to a public address');
    }
  }
  url.hash = '';
  return { url, hostPort, allowlisted };
}
