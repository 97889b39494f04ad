// @unit
// Query strings of the bulk issuance and notification routes, read by validateQuery from their
// definitions (docs/adr/0010-schema-first-http.md), over HTTP with fake upstreams: what reaches the
// upstream, and every refusal a 400 VALIDATION_ERROR naming the parameter before any call.
import type { AddressInfo } from 'node:net';
import express from 'express';
import t from 'tap';
import { createLogger } from '@cred/runtime';
import { bulkRoutes } from '../src/http/bulk-routes.js';
import { notificationSessionRoutes } from '../src/http/notification-routes.js';
import { documentedApp } from '../src/http/routes-kit.js';
import { errorHandler } from '../src/http/errors.js';
import type { Upstreams } from '../src/upstream/clients.js';

const JOB = '0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a8b';
const calls: { rpc: string; req: Record<string, unknown> }[] = [];
const job = { id: JOB, organization_id: 'org-1', badge_id: JOB, status: 'completed', total: 3, issued: 3, rows: [] };
const upstreams = {
  issuance: {
    async ListBulkIssuances(req: Record<string, unknown>) {
      calls.push({ rpc: 'ListBulkIssuances', req });
      return { bulk_issuances: [], limit: req.limit, offset: req.offset, total: 0 };
    },
    async GetBulkIssuance(req: Record<string, unknown>) {
      calls.push({ rpc: 'GetBulkIssuance', req });
      return job;
    },
  },
  notification: {
    async ListNotifications(req: Record<string, unknown>) {
      calls.push({ rpc: 'ListNotifications', req });
      return { notifications: [], total: 0 };
    },
  },
} as unknown as Upstreams;

const app = express();
app.use('/api/organizations/:orgId', (req, res, next) => {
  res.locals.orgId = req.params.orgId;
  res.locals.scope = { organizationId: req.params.orgId, actor: 'user:u1' };
  res.locals.requestId = 'req-1';
  next();
});
documentedApp(app).mount('/api/organizations/{orgId}', bulkRoutes(upstreams), notificationSessionRoutes(upstreams));
app.use(errorHandler(createLogger({ service: 'test', level: 'silent' })));
const server = app.listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
t.teardown(() => new Promise((r) => server.close(r)));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/organizations/org-1`;

t.test('integers and defaults reach the upstream typed', async (t) => {
  let r = await fetch(`${base}/bulk-issuances`);
  t.equal(r.status, 200);
  t.match(calls.at(-1), { rpc: 'ListBulkIssuances', req: { limit: 50, offset: 0 } });
  r = await fetch(`${base}/bulk-issuances/${JOB}?limit=1000&offset=9000&result=invalid`);
  t.equal(r.status, 200);
  t.match(calls.at(-1), { rpc: 'GetBulkIssuance', req: { rows_limit: 1000, rows_offset: 9000, result: 'invalid' } });
  t.match(await r.json(), { pagination: { limit: 1000, offset: 9000 } });
  r = await fetch(`${base}/bulk-issuances/${JOB}`);
  t.match(calls.at(-1), { req: { rows_limit: 100, rows_offset: 0 } }, 'the rows page defaults to 100');
  t.notOk('result' in calls.at(-1)!.req, 'no result filter unless given');
  r = await fetch(`${base}/notifications?limit=5&offset=999999`);
  t.equal(r.status, 200);
  t.match(calls.at(-1), { rpc: 'ListNotifications', req: { limit: 5, offset: 999_999 } });
});

t.test('bad query values are 400 naming the parameter, and never reach the upstream', async (t) => {
  const before = calls.length;
  for (const [path, field, message] of <Array<[string, string, string]>>[
    ['/bulk-issuances?limit=0', 'limit', 'limit must be an integer from 1 to 100'],
    ['/bulk-issuances?limit=1.5', 'limit', 'limit must be an integer from 1 to 100'],
    ['/bulk-issuances?offset=-1', 'offset', 'offset must be an integer from 0 to 1000000'],
    ['/bulk-issuances?limit=1&limit=2', 'limit', 'limit must be given once, as a plain value'],
    [`/bulk-issuances/${JOB}?limit=1001`, 'limit', 'limit must be an integer from 1 to 1000'],
    [`/bulk-issuances/${JOB}?limit=ten`, 'limit', 'limit must be an integer from 1 to 1000'],
    [`/bulk-issuances/${JOB}?result=done`, 'result', 'result must be one of pending, issued, renewed, conflict, invalid, failed'],
    [`/bulk-issuances/${JOB}?result=issued&result=failed`, 'result', 'result must be given once, as a plain value'],
    [`/bulk-issuances/${JOB}/report.csv?x=1`, 'x', 'Unknown query parameter: x'],
    ['/notifications?limit=101', 'limit', 'limit must be an integer from 1 to 100'],
    ['/notifications?offset=1000000', 'offset', 'offset must be an integer from 0 to 999999'],
    ['/notifications?offset=abc', 'offset', 'offset must be an integer from 0 to 999999'],
  ]) {
    const r = await fetch(`${base}${path}`);
    t.equal(r.status, 400, path);
    t.same(await r.json(), { error: 'VALIDATION_ERROR', message, details: { field } }, path);
  }
  t.equal(calls.length, before);
});
