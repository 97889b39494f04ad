import type http from 'node:http';
import { AppError } from '@cred/runtime';
import { bodyLimitFor, declaredTooLarge } from './body-limits.js';
import { sendRawError } from './errors.js';

/**
 * The server's 'checkContinue' listener. Node answers `Expect: 100-continue` with
 * `100 Continue` by itself unless such a listener exists; this one first compares the declared
 * Content-Length with the route's limit (body-limits.ts) and answers a larger one with a final
 * 413 in the error shape, so the client never sends the body. Everything else continues as
 * node would have: `100 Continue`, then the normal request handler.
 */
export function continueOrRefuse(server: http.Server): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  return (req, res) => {
    // Origin-form (`/path?q`) or absolute-form (`http://host/path`) request targets alike.
    let path = '/';
    try {
      path = new URL(req.url ?? '/', 'http://gateway.invalid').pathname;
    } catch {
      // An unparsable target: the JSON limit applies, and the router answers the target itself.
    }
    const refused = declaredTooLarge(req, bodyLimitFor(req.method ?? 'GET', path));
    if (!refused) {
      res.writeContinue();
      server.emit('request', req, res);
      return;
    }
    // Final: the client should not send the body; one that sends it anyway reads the 413 first.
    sendRawError(res, refused, { closeAfterBodyOf: req });
  };
}

/**
 * The server's 'checkExpectation' listener: an Expect other than 100-continue (RFC 9110 10.1.1)
 * gets 417 in the error shape instead of node's empty 417.
 */
export function refuseExpectation(req: http.IncomingMessage, res: http.ServerResponse): void {
  sendRawError(res, new AppError('EXPECTATION_FAILED', 'Only "Expect: 100-continue" is supported', { field: 'Expect' }), { closeAfterBodyOf: req });
}
