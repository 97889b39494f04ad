// The "edge router process" option of ADR 0009, measured by bench/public-origin.ts: a process of
// its own in front, passing the public verification paths to verification with the gateway's
// pass-through (and answering 404 for anything else, where a real router would go to the gateway).
import http from 'node:http';
import { Registry } from '@cred/runtime';
import { publicPassThrough } from '../services/gateway/src/http/public-proxy.js';

const target = process.env.EDGE_TARGET ?? 'http://127.0.0.1:8081';
const pass = publicPassThrough(target.split(','), new Registry());
const server = http.createServer((req, res) => {
  if (!pass(req, res)) res.writeHead(404).end();
});
server.keepAliveTimeout = 65000;
server.listen(Number(process.env.EDGE_PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
