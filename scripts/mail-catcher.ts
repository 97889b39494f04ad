// The development mail catcher of `npm start`: a small SMTP server on loopback that keeps the
// last messages in memory and shows them over HTTP on loopback (what Mailpit does in
// docker-compose.yml), so the claim, verification and password-reset links can be read
// without a mail server. SMTP is smtp-server's and MIME is mailparser's (the notification
// service's tests read mail with the same two); no AUTH, no TLS, no relaying.
import http from 'node:http';
import type net from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const DEFAULT_SMTP_PORT = 1025; // the notification service's SMTP_URL default
export const DEFAULT_HTTP_PORT = 8025;
const HOST = '127.0.0.1';
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const MAX_PART_CHARS = 256 * 1024;

export interface CaughtMessage {
  id: number;
  receivedAt: string;
  /** The SMTP envelope: where the message was really sent. */
  envelope: { from: string; to: string[] };
  subject: string;
  from: string;
  to: string;
  messageId: string;
  /** The decoded text/plain part, or '' when there is none. */
  text: string;
  /** The decoded text/html part as sent (never rendered by the catcher), or ''. */
  html: string;
  size: number;
}

export interface MailCatcher {
  readonly smtpPort: number;
  readonly httpPort: number;
  /** Where to point SMTP_URL. */
  readonly smtpUrl: string;
  /** The page listing the messages. */
  readonly webUrl: string;
  /** Newest first. */
  messages(): CaughtMessage[];
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  /** 0 for any free port. */
  smtpPort?: number;
  httpPort?: number;
  /** How many messages are kept (the oldest go first). */
  limit?: number;
  /** Called with every message kept, in the order they were numbered (whatever `limit` drops later). */
  onMessage?: (message: CaughtMessage) => void;
  /**
   * Receive and count only: each accepted message's envelope and size go here, and no message is
   * parsed or kept (`messages()` stays empty, `onMessage` is not called). For benchmarks, where
   * the sink shares the cores being measured: what stays is an SMTP server's part of the work
   * (the protocol and the message's bytes), not a mail reader's (MIME parsing).
   */
  onReceived?: (envelope: CaughtMessage['envelope'], size: number) => void;
}

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly purpose: string,
  ) {
    super(`port ${port} (${purpose}) is already in use on ${HOST}`);
    this.name = 'PortInUseError';
  }
}

// ---------------------------------------------------------------- MIME

/** `Name <address>` for each address, names unquoted (the page shows them, nobody replies to them). */
const addresses = (value: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((list) => list.value)
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((a) => (a.name && a.address ? `${a.name} <${a.address}>` : a.address || a.name))
    .join(', ');

/**
 * What the page shows of a message, read by mailparser: the decoded headers, and the first
 * text and HTML parts (attachments aside), each cut to MAX_PART_CHARS.
 */
export async function parseMessage(raw: Buffer): Promise<Pick<CaughtMessage, 'subject' | 'from' | 'to' | 'messageId' | 'text' | 'html'>> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  return {
    subject: parsed.subject ?? '',
    from: addresses(parsed.from),
    to: addresses(parsed.to),
    messageId: parsed.messageId ?? '',
    text: (parsed.text ?? '').slice(0, MAX_PART_CHARS),
    html: typeof parsed.html === 'string' ? parsed.html.slice(0, MAX_PART_CHARS) : '',
  };
}

// ---------------------------------------------------------------- SMTP

/**
 * SMTP by smtp-server: no AUTH and no STARTTLS (both answered 500, not recognized), a size
 * limit announced and enforced (552 past it). A message is kept once mailparser has read it.
 */
function createSmtp(store: (raw: Buffer, envelope: CaughtMessage['envelope']) => Promise<number>): SMTPServer {
  return new SMTPServer({
    banner: 'dev mail catcher',
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    socketTimeout: 5 * 60_000,
    // close() ends open sessions (a pooled transport's) at once, not after the default 30 s.
    closeTimeout: 1,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        store(Buffer.concat(chunks), envelope).then(
          (id) => callback(null, `OK: queued as ${id}`),
          (err: Error) => callback(err),
        );
      });
    },
  });
}

// ---------------------------------------------------------------- HTTP

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escapes the text and makes its http(s) URLs clickable. */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"'`]+/g)) {
    const url = m[0].replace(/[.,;:!?)\]]+$/, '');
    out += escapeHtml(text.slice(last, m.index)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = m.index + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

export function renderIndex(messages: CaughtMessage[]): string {
  const items = messages.map((m) => {
    const body = m.text ? linkify(m.text) : `(no text part${m.html ? '; the HTML part is in /messages.json' : ''})`;
    return `<article>
<h2>${escapeHtml(m.subject || '(no subject)')}</h2>
<p class="meta">To ${escapeHtml(m.to || m.envelope.to.join(', '))} &middot; from ${escapeHtml(m.from || m.envelope.from)} &middot; <time>${escapeHtml(m.receivedAt)}</time></p>
<pre>${body}</pre>
</article>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mail (${messages.length})</title>
<style>body{font:15px/1.4 system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem}article{border-top:1px solid #ccc;padding:.5rem 0}
h2{font-size:1.1rem;margin:.3rem 0}.meta{color:#555;margin:0}pre{white-space:pre-wrap;word-break:break-all;background:#f6f6f6;padding:.5rem}</style></head>
<body><h1>Dev mail: ${messages.length} message${messages.length === 1 ? '' : 's'}, newest first</h1>
<p>Every e-mail the platform sent while <code>npm start</code> runs (kept in memory). Reload for new ones; JSON at <a href="/messages.json">/messages.json</a>.</p>
${items.join('\n') || '<p>No e-mail yet.</p>'}
</body></html>`;
}

// Loopback only, and only for a loopback Host: a web page cannot read the claim links through
// DNS rebinding.
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

function serveHttp(messages: () => CaughtMessage[]): http.RequestListener {
  return (req, res) => {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
        'referrer-policy': 'no-referrer',
      });
      res.end(body);
    };
    if (!LOOPBACK_HOST.test(req.headers.host ?? '')) return send(403, 'text/plain; charset=utf-8', 'Use http://localhost or 127.0.0.1.\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain; charset=utf-8', 'Method not allowed\n');
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/') return send(200, 'text/html; charset=utf-8', renderIndex(messages()));
    if (path === '/messages.json') return send(200, 'application/json; charset=utf-8', JSON.stringify({ messages: messages() }));
    return send(404, 'text/plain; charset=utf-8', 'Not found\n');
  };
}

function listen(server: net.Server, port: number, purpose: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUseError(port, purpose) : err);
    server.once('error', onError);
    server.listen(port, HOST, () => {
      server.off('error', onError);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const limit = options.limit ?? 200;
  const kept: CaughtMessage[] = [];
  let nextId = 1;
  const store = async (raw: Buffer, envelope: CaughtMessage['envelope']) => {
    if (options.onReceived) {
      options.onReceived(envelope, raw.length);
      return nextId++;
    }
    const receivedAt = new Date().toISOString();
    const content = await parseMessage(raw);
    const id = nextId++;
    const message: CaughtMessage = { id, receivedAt, envelope, size: raw.length, ...content };
    kept.unshift(message);
    kept.length = Math.min(kept.length, limit);
    options.onMessage?.(message);
    return id;
  };

  const smtp = createSmtp(store);
  // A failed listen is reported by listen() below; a client that goes away is not worth a word.
  smtp.on('error', () => undefined);
  const web = http.createServer(serveHttp(() => [...kept]));
  const smtpPort = await listen(smtp.server, options.smtpPort ?? DEFAULT_SMTP_PORT, 'SMTP');
  let httpPort: number;
  try {
    httpPort = await listen(web, options.httpPort ?? DEFAULT_HTTP_PORT, 'HTTP');
  } catch (err) {
    await new Promise<void>((r) => smtp.close(() => r()));
    throw err;
  }
  return {
    smtpPort,
    httpPort,
    smtpUrl: `smtp://${HOST}:${smtpPort}`,
    webUrl: `http://localhost:${httpPort}/`,
    messages: () => [...kept],
    async close() {
      web.closeAllConnections();
      await Promise.all([new Promise<void>((r) => smtp.close(() => r())), new Promise((r) => web.close(r))]);
    },
  };
}

// ---------------------------------------------------------------- npm start

export interface DevMail {
  /** What the notification service gets as SMTP_URL. */
  smtpUrl: string;
  /** The banner line. */
  description: string;
  catcher?: MailCatcher;
  close(): Promise<void>;
}

function portSetting(env: Record<string, string | undefined>, name: string, fallback: number): { port: number; fixed: boolean } {
  const raw = env[name];
  if (raw === undefined || raw === '') return { port: fallback, fixed: false };
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, not "${raw}"`);
  return { port, fixed: true };
}

/**
 * The e-mail side of `npm start`: the user's SMTP_URL when set, otherwise a catcher on 1025/8025
 * (MAIL_CATCHER_SMTP_PORT / MAIL_CATCHER_HTTP_PORT to choose others). A default port that is taken
 * (a Mailpit already running, say) is replaced by a free one, with a note; a chosen one fails.
 */
export async function startDevMail(env: Record<string, string | undefined>, say: (line: string) => void): Promise<DevMail> {
  if (env.SMTP_URL) {
    let where = 'your SMTP_URL';
    try {
      const u = new URL(env.SMTP_URL);
      where = `your SMTP_URL (${u.protocol}//${u.host})`; // never the credentials
    } catch {
      // notification reports a malformed SMTP_URL itself
    }
    return { smtpUrl: env.SMTP_URL, description: `sent to ${where}`, close: async () => {} };
  }
  const smtp = portSetting(env, 'MAIL_CATCHER_SMTP_PORT', DEFAULT_SMTP_PORT);
  const web = portSetting(env, 'MAIL_CATCHER_HTTP_PORT', DEFAULT_HTTP_PORT);
  let catcher: MailCatcher | undefined;
  for (let attempt = 0; !catcher; attempt++) {
    try {
      catcher = await startMailCatcher({ smtpPort: smtp.port, httpPort: web.port });
    } catch (err) {
      if (!(err instanceof PortInUseError) || attempt > 1) throw err;
      const setting = err.purpose === 'SMTP' ? smtp : web;
      const variable = err.purpose === 'SMTP' ? 'MAIL_CATCHER_SMTP_PORT' : 'MAIL_CATCHER_HTTP_PORT';
      if (setting.fixed) throw new Error(`${err.message}: choose another ${variable}, or set SMTP_URL to use your own mail server`);
      say(`  Mail catcher: ${err.message}; using a free port instead (set ${variable} to choose one).`);
      setting.port = 0;
    }
  }
  const running = catcher;
  return {
    smtpUrl: running.smtpUrl,
    description: `${running.webUrl} (dev mail catcher, SMTP ${running.smtpUrl})`,
    catcher: running,
    close: () => running.close(),
  };
}
