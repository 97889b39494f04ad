// Closed-loop HTTP/1.1 load client for the benchmarks, run in a worker thread.
//
// Each of `concurrency` keep-alive connections sends one GET, reads the whole response, records
// its latency and sends the next (no pipelining), until `total` requests or `maxSeconds`.
// It writes requests and reads responses on raw sockets, the way wrk or autocannon do, instead of
// going through node:http's client: that client costs about as much CPU per request as the servers
// measured here, and on a machine with two cores its work showed up in the servers' latencies.
// Responses must carry Content-Length (every endpoint measured does); anything else counts as an
// error, as does any status other than 200.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

// `headers` (optional): extra request header lines, e.g. { 'Accept-Encoding': 'br' }.
const { port, paths, total, concurrency, maxSeconds, headers = {} } = workerData;
const extra = Object.entries(headers)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');
const requests = paths.map((p) => Buffer.from(`GET ${p} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: */*\r\n${extra}\r\n`, 'latin1'));
const latencies = new Float64Array(total);
const deadline = Date.now() + maxSeconds * 1000;
let next = 0;
let done = 0;
let errors = 0;
const HEADER_END = Buffer.from('\r\n\r\n');

/** Length of the body announced by a header block (latin1 text), or -1. */
function contentLength(head) {
  const m = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  return m ? Number(m[1]) : -1;
}

function connection() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    let chunks = [];
    let buffered = 0;
    let bodyStart = -1;
    let expected = -1;
    let status = 0;
    let started = 0n;

    const send = () => {
      const i = next++;
      if (i >= total || Date.now() > deadline) {
        socket.end();
        return;
      }
      started = process.hrtime.bigint();
      socket.write(requests[i % requests.length]);
    };
    const fail = () => {
      errors++;
      socket.destroy();
    };

    socket.on('connect', send);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      buffered += chunk.length;
      if (bodyStart < 0) {
        const all = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, buffered);
        chunks = [all];
        const end = all.indexOf(HEADER_END);
        if (end < 0) return;
        const head = all.toString('latin1', 0, end);
        status = Number(head.slice(9, 12));
        expected = contentLength(head);
        if (expected < 0) return fail();
        bodyStart = end + 4;
      }
      if (buffered < bodyStart + expected) return;
      if (buffered > bodyStart + expected) return fail(); // nothing was asked for beyond this response
      if (status === 200) latencies[done++] = Number(process.hrtime.bigint() - started) / 1e6;
      else errors++;
      chunks = [];
      buffered = 0;
      bodyStart = -1;
      send();
    });
    socket.on('error', () => {
      errors++;
    });
    socket.on('close', resolve);
  });
}

(async () => {
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, connection));
  const seconds = (performance.now() - t0) / 1000;
  const sorted = Array.from(latencies.subarray(0, done)).sort((a, b) => a - b);
  const pct = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN);
  parentPort.postMessage({ count: done, errors, perSecond: done / seconds, p50Ms: pct(0.5), p99Ms: pct(0.99) });
})();
