import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '@cred/runtime';
import { Counter, Histogram, type Registry } from '@cred/runtime';

const INCOMING_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Request id: always the gateway's own (a new UUID), on every response, log line, gRPC call and
 * audit entry; a client cannot choose the id its actions are recorded under. A client's own
 * well-formed X-Request-Id is only written beside it in the access log line (`clientRequestId`),
 * for the client's correlation. Plus one access-log line and metrics per request. Route labels use the matched
 * route pattern, never the raw path, so ids do not explode metric cardinality.
 */
export function requestContext(logger: Logger, metrics: Registry): RequestHandler {
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests', labelNames: ['method', 'route', 'status'], registers: [metrics] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics],
  });
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const clientRequestId = incoming && INCOMING_ID.test(incoming) ? incoming : undefined;
    const requestId = randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const route = (req.route?.path as string | undefined) ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
      duration.observe({ method: req.method, route }, seconds);
      logger.info(
        { requestId, ...(clientRequestId ? { clientRequestId } : {}), method: req.method, route, status: res.statusCode, ms: Math.round(seconds * 1000) },
        'request',
      );
    });
    next();
  };
}
