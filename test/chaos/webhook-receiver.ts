// A local webhook endpoint for the chaos suite: answers 200 to every POST and keeps what came,
// by the platform's delivery header (the event id), for the reconciliation.
import http from 'node:http';
import type net from 'node:net';

export interface WebhookDelivery {
  eventId: string;
  type: string;
  at: number;
}

export interface WebhookReceiver {
  readonly port: number;
  readonly url: string;
  deliveries(): WebhookDelivery[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const got: WebhookDelivery[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const eventId = String(req.headers['x-service-delivery'] ?? '');
      const type = String(req.headers['x-service-event'] ?? '');
      if (req.method === 'POST' && eventId) got.push({ eventId, type, at: Date.now() });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    deliveries: () => [...got],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
