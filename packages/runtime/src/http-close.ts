import type http from 'node:http';

/**
 * Prepares an HTTP server for a drain and returns the function that runs it: the server stops
 * listening, answers every request in flight (and any that still arrives on a connection that
 * is open), and closes each connection as soon as it is idle; the promise resolves when the
 * last one is gone.
 *
 * `server.close()` alone closes the connections that are idle at that moment only: a kept-alive
 * connection busy then (a proxy's, such as the gateway's agent to verification) stays open after
 * its response and keeps bringing requests, while the process closes its database and clients
 * behind them, until keepAliveTimeout. Here every response not started yet says
 * `Connection: close` (the client sends its next request elsewhere), and connections that turn
 * idle anyway are closed within `pollMs`. Call it right after creating the server, so that
 * requests in flight when the drain starts are known.
 */
export function drainableHttpServer(server: http.Server, pollMs = 50): () => Promise<void> {
  const inFlight = new Set<http.ServerResponse>();
  let draining = false;
  // Before the server's own handler, so that no response has been started yet.
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) {
      res.shouldKeepAlive = false;
      return;
    }
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  let closed: Promise<void> | undefined;
  return () => {
    closed ??= new Promise<void>((resolve) => {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      const poll = setInterval(() => server.closeIdleConnections(), pollMs);
      server.close(() => {
        clearInterval(poll);
        resolve();
      });
      server.closeIdleConnections();
    });
    return closed;
  };
}
