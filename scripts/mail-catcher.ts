// The development mail catcher of `npm start`: a small SMTP server on loopback that keeps the
// last messages in memory and shows them over HTTP on loopback (what Mailpit does in
// docker-compose.yml), so the claim, verification and password-reset links can be read
// without a mail server. SMTP as far as nodemailer needs it: no AUTH, no TLS, no relaying.
import http from 'node:http';
import net from 'node:net';

export const DEFAULT_SMTP_PORT = 1025; // the notification service's SMTP_URL default
export const DEFAULT_HTTP_PORT = 8025;
const HOST = '127.0.0.1';
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const MAX_LINE_BYTES = 4096;
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

interface Entity {
  headers: Map<string, string>;
  /** Bytes as a latin1 string (one character per byte). */
  body: string;
}

function splitEntity(raw: string): Entity {
  const m = /\r?\n\r?\n/.exec(raw);
  const head = m ? raw.slice(0, m.index) : raw;
  const body = m ? raw.slice(m.index + m[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** `text/plain; charset="utf-8"` -> { type: 'text/plain', params: { charset: 'utf-8' } } */
function parseHeaderParams(value: string): { type: string; params: Record<string, string> } {
  const [type = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  const re = /([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const m of rest.join(';').matchAll(re)) {
    const v = m[2]!.trim();
    params[m[1]!.toLowerCase()] = v.startsWith('"') ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v;
  }
  return { type: type.trim().toLowerCase(), params };
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function decodeQuotedPrintable(s: string): Buffer {
  const unfolded = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const c = unfolded.charCodeAt(i);
    if (c === 0x3d && /^[0-9A-Fa-f]{2}$/.test(unfolded.slice(i + 1, i + 3))) {
      bytes.push(parseInt(unfolded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(c & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(entity: Entity, charset: string | undefined): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').trim().toLowerCase();
  let bytes: Buffer;
  if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(entity.body);
  else if (encoding === 'base64') bytes = Buffer.from(entity.body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
  else bytes = Buffer.from(entity.body, 'latin1');
  return decodeCharset(bytes, charset).replace(/\r\n/g, '\n');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?Gr=C3=BC=C3=9Fe?=`) in a header value. */
export function decodeHeaderValue(raw: string): string {
  const value = decodeCharset(Buffer.from(raw, 'latin1'), 'utf-8'); // SMTPUTF8 headers are raw UTF-8
  return value
    .replace(/(=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)\s+(?==\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)/g, '$1')
    .replace(/=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g, (_all, charset: string, kind: string, text: string) => {
      const bytes = kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return decodeCharset(bytes, charset.replace(/\*.*$/, ''));
    });
}

interface Parts {
  text: string;
  html: string;
}

function collectParts(entity: Entity, parts: Parts, depth: number): void {
  const { type, params } = parseHeaderParams(entity.headers.get('content-type') ?? 'text/plain');
  const disposition = (entity.headers.get('content-disposition') ?? '').toLowerCase();
  if (type.startsWith('multipart/') && params.boundary && depth < 10) {
    const delimiter = `--${params.boundary}`;
    const lines = entity.body.split(/\r?\n/);
    let current: string[] | undefined;
    for (const line of lines) {
      if (line.startsWith(delimiter)) {
        if (current) collectParts(splitEntity(current.join('\r\n')), parts, depth + 1);
        current = line.slice(delimiter.length).startsWith('--') ? undefined : [];
        if (!current) break;
      } else if (current) {
        current.push(line);
      }
    }
    return;
  }
  if (disposition.startsWith('attachment')) return;
  if (type === 'text/plain' && !parts.text) parts.text = decodeBody(entity, params.charset).slice(0, MAX_PART_CHARS);
  else if (type === 'text/html' && !parts.html) parts.html = decodeBody(entity, params.charset).slice(0, MAX_PART_CHARS);
}

/** Enough MIME to read a message: headers, and the first text and HTML parts, decoded. */
export function parseMessage(raw: Buffer): Pick<CaughtMessage, 'subject' | 'from' | 'to' | 'messageId' | 'text' | 'html'> {
  const entity = splitEntity(raw.toString('latin1'));
  const parts: Parts = { text: '', html: '' };
  collectParts(entity, parts, 0);
  const header = (name: string) => decodeHeaderValue(entity.headers.get(name) ?? '');
  return { subject: header('subject'), from: header('from'), to: header('to'), messageId: header('message-id'), ...parts };
}

// ---------------------------------------------------------------- SMTP

const address = (arg: string) => /<([^>]*)>/.exec(arg)?.[1] ?? arg.trim().split(/\s+/)[0] ?? '';

function serveSmtp(socket: net.Socket, store: (raw: Buffer, envelope: CaughtMessage['envelope']) => number): void {
  let buffered = '';
  let from: string | undefined;
  let to: string[] = [];
  let data: string[] | undefined;
  let dataBytes = 0;
  const reply = (line: string) => {
    if (!socket.destroyed) socket.write(`${line}\r\n`);
  };
  const reset = () => {
    from = undefined;
    to = [];
  };

  const command = (line: string) => {
    const [, word = '', rest = ''] = /^(\S*)\s*(.*)$/.exec(line) ?? [];
    const verb = word.toUpperCase();
    const arg = rest.trim();
    switch (verb) {
      case 'EHLO':
        reset();
        return reply(`250-localhost greets ${arg || 'you'}\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE ${MAX_MESSAGE_BYTES}`);
      case 'HELO':
        reset();
        return reply('250 localhost');
      case 'MAIL':
        if (!/^FROM:/i.test(arg)) return reply('501 Syntax: MAIL FROM:<address>');
        reset();
        from = address(arg.slice(5));
        return reply('250 OK');
      case 'RCPT':
        if (from === undefined) return reply('503 MAIL first');
        if (!/^TO:/i.test(arg)) return reply('501 Syntax: RCPT TO:<address>');
        to.push(address(arg.slice(3)));
        return reply('250 OK');
      case 'DATA':
        if (to.length === 0) return reply('503 RCPT first');
        data = [];
        dataBytes = 0;
        return reply('354 End data with <CR><LF>.<CR><LF>');
      case 'RSET':
        reset();
        return reply('250 OK');
      case 'NOOP':
        return reply('250 OK');
      case 'VRFY':
        return reply('252 Cannot VRFY, send some mail');
      case 'QUIT':
        reply('221 Bye');
        socket.end();
        return;
      default:
        return reply('502 Command not implemented');
    }
  };

  const dataLine = (line: string) => {
    if (line === '.') {
      const lines = data!;
      data = undefined;
      if (dataBytes > MAX_MESSAGE_BYTES) reply('552 Message too large');
      else reply(`250 OK: queued as ${store(Buffer.from(lines.join('\r\n') + '\r\n', 'latin1'), { from: from ?? '', to })}`);
      reset();
      return;
    }
    const unstuffed = line.startsWith('.') ? line.slice(1) : line;
    dataBytes += unstuffed.length + 2;
    if (dataBytes <= MAX_MESSAGE_BYTES) data!.push(unstuffed);
  };

  socket.setTimeout(5 * 60_000, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('latin1');
    let nl: number;
    while ((nl = buffered.indexOf('\n')) !== -1) {
      const line = buffered.slice(0, nl).replace(/\r$/, '');
      buffered = buffered.slice(nl + 1);
      if (data) dataLine(line);
      else command(line);
    }
    if (buffered.length > (data ? MAX_MESSAGE_BYTES : MAX_LINE_BYTES)) {
      reply('500 Line too long');
      socket.destroy();
    }
  });
  reply('220 localhost ESMTP dev mail catcher');
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
  const store = (raw: Buffer, envelope: CaughtMessage['envelope']) => {
    const id = nextId++;
    kept.unshift({ id, receivedAt: new Date().toISOString(), envelope, size: raw.length, ...parseMessage(raw) });
    kept.length = Math.min(kept.length, limit);
    return id;
  };

  const sockets = new Set<net.Socket>();
  const smtp = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    serveSmtp(socket, store);
  });
  const web = http.createServer(serveHttp(() => [...kept]));
  const smtpPort = await listen(smtp, options.smtpPort ?? DEFAULT_SMTP_PORT, 'SMTP');
  let httpPort: number;
  try {
    httpPort = await listen(web, options.httpPort ?? DEFAULT_HTTP_PORT, 'HTTP');
  } catch (err) {
    await new Promise((r) => smtp.close(r));
    throw err;
  }
  return {
    smtpPort,
    httpPort,
    smtpUrl: `smtp://${HOST}:${smtpPort}`,
    webUrl: `http://localhost:${httpPort}/`,
    messages: () => [...kept],
    async close() {
      for (const socket of sockets) socket.destroy();
      web.closeAllConnections();
      await Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => web.close(r))]);
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
