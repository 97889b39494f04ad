import type http from 'node:http';
import { endAfterRequestBody } from '@cred/runtime';

export interface SendOptions {
  contentType?: string;
  /** Cache-Control; errors are never cached. */
  cacheControl?: string;
  /** Public documents (did.json, JSON-LD) are readable from any origin, as did:web recommends. */
  cors?: boolean;
  /** Responses that may depend on the session (Authorization header or session cookie): private credentials. */
  varyAuthorization?: boolean;
  /**
   * An answer given before this request's body was read that closes the connection (a final
   * answer to Expect: 100-continue): it ends once the body has been read and dropped, or the
   * client has gone (endAfterRequestBody), so a client still sending reads it instead of a reset.
   */
  closeAfterBodyOf?: http.IncomingMessage;
}

/** Sends a body that is already serialized (the stored OB3 bytes go out exactly as stored). */
export function sendText(res: http.ServerResponse, status: number, text: string | Buffer, options: SendOptions = {}): void {
  const headers: Record<string, string | number> = {
    'content-type': `${options.contentType ?? 'application/json'}; charset=utf-8`,
    'content-length': typeof text === 'string' ? Buffer.byteLength(text) : text.length,
    'cache-control': status < 400 ? (options.cacheControl ?? 'no-cache') : 'no-store',
    'x-content-type-options': 'nosniff',
  };
  if (options.cors) headers['access-control-allow-origin'] = '*';
  if (options.varyAuthorization) headers['vary'] = 'Cookie, Authorization';
  if (options.closeAfterBodyOf) headers['connection'] = 'close';
  res.writeHead(status, headers);
  if (options.closeAfterBodyOf) endAfterRequestBody(options.closeAfterBodyOf, res, text);
  else res.end(text);
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, options: SendOptions = {}): void {
  sendText(res, status, JSON.stringify(body), options);
}

/** One route module: a path pattern and its handler (`match` holds the regex groups). */
export interface Route<C> {
  name: string;
  pattern: RegExp;
  /** Methods answered (default GET and HEAD); other methods are 404 like unknown paths. */
  methods?: readonly string[];
  /** A web page: errors are rendered as HTML pages instead of the JSON error shape. */
  html?: boolean;
  handle(req: http.IncomingMessage, res: http.ServerResponse, match: RegExpExecArray, ctx: C): Promise<void>;
}
