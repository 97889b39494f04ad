// A keep-alive HTTP/1.1 client on raw sockets for the benchmarks' POSTs: one request in flight per
// connection, answers read by Content-Length. The load generator shares the machine's cores with
// the platform it measures; node:http's client spends about as much CPU per request as a small
// service does, and every millisecond of it is taken from the platform. (bench/load-client.mjs does
// the same for GETs, in a worker thread.)
import net from 'node:net';

export interface RawResponse {
  status: number;
  body: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection; `send` must not be called again before its answer. */
class Connection {
  private socket: net.Socket | undefined;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private bodyStart = -1;
  private expected = -1;
  private status = 0;
  private closeAfter = false;
  private pending: { resolve(r: RawResponse): void; reject(err: Error): void } | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  send(request: Buffer): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.reset();
      const socket = (this.socket ??= this.open());
      socket.write(request);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private open(): net.Socket {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => {
      if (this.socket === socket) this.socket = undefined;
      this.fail(new Error('connection closed before the answer'));
    });
    return socket;
  }

  private reset(): void {
    this.chunks = [];
    this.buffered = 0;
    this.bodyStart = -1;
    this.expected = -1;
    this.status = 0;
    this.closeAfter = false;
  }

  private fail(err: Error): void {
    const p = this.pending;
    this.pending = undefined;
    this.close();
    p?.reject(err);
  }

  private onData(chunk: Buffer): void {
    if (!this.pending) return this.fail(new Error('data without a request'));
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    if (this.bodyStart < 0) {
      const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
      this.chunks = [all];
      const end = all.indexOf(HEADER_END);
      if (end < 0) return;
      const head = all.toString('latin1', 0, end);
      this.status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
      if (!length) return this.fail(new Error(`answer ${this.status} without Content-Length`));
      this.expected = Number(length[1]);
      this.closeAfter = /\r\nconnection:[ \t]*close/i.test(head);
      this.bodyStart = end + 4;
    }
    if (this.buffered < this.bodyStart + this.expected) return;
    if (this.buffered > this.bodyStart + this.expected) return this.fail(new Error('more bytes than the answer announced'));
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
    const answer = { status: this.status, body: all.toString('utf8', this.bodyStart) };
    const p = this.pending;
    this.pending = undefined;
    if (this.closeAfter) this.close();
    p.resolve(answer);
  }
}

/** A pool of keep-alive connections to one origin; requests beyond its size wait for a free one. */
export class RawHttpPool {
  private readonly idle: Connection[] = [];
  private readonly waiting: Array<(c: Connection) => void> = [];
  private readonly all: Connection[] = [];

  constructor(
    private readonly origin: URL,
    private readonly size: number,
  ) {}

  async post(path: string, headers: Record<string, string>, body: string): Promise<RawResponse> {
    const payload = Buffer.from(body, 'utf8');
    const lines = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const head = `POST ${path} HTTP/1.1\r\nHost: ${this.origin.host}\r\n${lines}Content-Length: ${payload.length}\r\n\r\n`;
    const connection = await this.acquire();
    try {
      return await connection.send(Buffer.concat([Buffer.from(head, 'latin1'), payload]));
    } finally {
      this.release(connection);
    }
  }

  close(): void {
    for (const c of this.all) c.close();
  }

  private acquire(): Promise<Connection> {
    const free = this.idle.pop();
    if (free) return Promise.resolve(free);
    if (this.all.length < this.size) {
      const c = new Connection(this.origin.hostname, Number(this.origin.port));
      this.all.push(c);
      return Promise.resolve(c);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(c: Connection): void {
    const next = this.waiting.shift();
    if (next) next(c);
    else this.idle.push(c);
  }
}
