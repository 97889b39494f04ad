// @unit
// analyticsSessionRoutes: query validation and the mapping of GetAnalytics rows, with a fake
// verification upstream (the RPC itself is tested in services/verification/test/analytics.test.ts).
import type { AddressInfo } from 'node:net';
import express from 'express';
import t from 'tap';
import { createLogger } from '@cred/runtime';
import { analyticsSessionRoutes } from '../src/http/analytics-routes.js';
import { documentedApp } from '../src/http/routes-kit.js';
import { errorHandler } from '../src/http/errors.js';
import type { Upstreams } from '../src/upstream/clients.js';

const calls: unknown[] = [];
const upstreams = {
  verification: {
    async GetAnalytics(req: unknown) {
      calls.push(req);
      return {
        rows: [
          { day: '2026-01-01', channel: 'api', badge_id: 'b1', outcome: 'valid', count: '3' },
          { day: '2026-01-01', channel: 'baked', badge_id: 'b1', outcome: 'served', count: '2' },
          { day: '2026-01-02', channel: 'page', badge_id: 'b1', outcome: 'revoked', count: '1' },
        ],
      };
    },
  },
} as unknown as Upstreams;

const app = express();
app.use('/api/organizations/:orgId', (req, res, next) => {
  res.locals.orgId = req.params.orgId;
  res.locals.requestId = 'req-1';
  next();
});
documentedApp(app).mount('/api/organizations/{orgId}', analyticsSessionRoutes(upstreams));
app.use(errorHandler(createLogger({ service: 'test', level: 'silent' })));
const server = app.listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
t.teardown(() => new Promise((r) => server.close(r)));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/organizations/org-1/analytics`;

t.test('rows and totals', async (t) => {
  const r = await fetch(`${base}?from=2026-01-01&to=2026-01-31`);
  t.equal(r.status, 200);
  t.same(await r.json(), {
    from: '2026-01-01',
    to: '2026-01-31',
    rows: [
      { day: '2026-01-01', channel: 'api', badgeId: 'b1', outcome: 'valid', count: 3 },
      { day: '2026-01-01', channel: 'baked', badgeId: 'b1', outcome: 'served', count: 2 },
      { day: '2026-01-02', channel: 'page', badgeId: 'b1', outcome: 'revoked', count: 1 },
    ],
    totals: { verifications: 4, byChannel: { api: 3, page: 1 }, byOutcome: { valid: 3, revoked: 1 } },
  });
  t.same(calls.at(-1), { organization_id: 'org-1', from: '2026-01-01', to: '2026-01-31' });
});

t.test('invalid ranges are 400 with details.field and never reach the upstream', async (t) => {
  const before = calls.length;
  for (const [qs, field] of <Array<[string, string]>>[
    ['', 'from'],
    ['from=2026-01-01', 'to'],
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['from=2026-01-01&to=2026-13-01', 'to'],
    ['from=2026-01-02&to=2026-01-01', 'to'],
    ['from=2025-01-01&to=2026-01-02', 'to'],
    ['from[]=2026-01-01&to=2026-01-02', 'from'],
  ]) {
    const r = await fetch(`${base}?${qs}`);
    t.equal(r.status, 400, qs);
    const body = (await r.json()) as { error: string; details: { field: string } };
    t.equal(body.error, 'VALIDATION_ERROR');
    t.equal(body.details.field, field, qs);
  }
  t.equal(calls.length, before);
});
