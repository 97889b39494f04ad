// @unit
// The route kit (src/http/routes-kit.ts): what it records is what Express serves. A router of
// documented routes is mounted under two prefixes (the app's own /api/v1, and /{orgId} of a router
// at /api/organizations), requests reach its handlers at the paths the recorded templates name,
// and mounting a router where it was not made for, or an undocumented route without its reason,
// is refused when the app is built.
import type { AddressInfo } from 'node:net';
import express from 'express';
import t from 'tap';
import { documentedApp, documentedRouter, servedOperations } from '../src/http/routes-kit.js';

const badges = documentedRouter(['/api/organizations/{orgId}', '/api/v1'], { mergeParams: true });
badges.get('/badges/{badgeId}', (req, res) => {
  res.status(200).json({ params: req.params });
});
const organizations = documentedRouter(['/api/organizations']);
organizations.mount('/{orgId}', badges);

const app = express();
const routes = documentedApp(app);
routes.get('/healthz', (_req, res) => {
  res.status(200).json({ status: 'ok' });
});
routes.mount('/api/v1', badges);
routes.mount('/api/organizations', organizations);
routes.undocumented('get', ['/elsewhere'], 'a page for browsers', (req, res, next) => {
  if (req.path === '/elsewhere') res.status(200).send('page');
  else next();
});

const server = app.listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
t.teardown(() => new Promise((r) => server.close(r)));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

t.test('the list names every route under each prefix it is reached by', async (t) => {
  t.same(servedOperations(app), [
    { method: 'get', template: '/healthz' },
    { method: 'get', template: '/api/v1/badges/{badgeId}' },
    { method: 'get', template: '/api/organizations/{orgId}/badges/{badgeId}' },
    { method: 'get', template: '/elsewhere', undocumented: 'a page for browsers' },
  ]);
});

t.test('Express serves the listed templates, with their parameters', async (t) => {
  const v1 = await fetch(`${base}/api/v1/badges/b-1`);
  t.equal(v1.status, 200);
  t.same(await v1.json(), { params: { badgeId: 'b-1' } });
  const member = await fetch(`${base}/api/organizations/o-1/badges/b-2`);
  t.equal(member.status, 200);
  t.same(await member.json(), { params: { orgId: 'o-1', badgeId: 'b-2' } });
  t.equal((await fetch(`${base}/healthz`)).status, 200);
  t.equal((await fetch(`${base}/elsewhere`)).status, 200);
  t.equal((await fetch(`${base}/api/v1/badges`)).status, 404, 'nothing else');
});

t.test('a router mounted where it was not made for is refused', async (t) => {
  const other = documentedApp(express());
  t.throws(() => other.mount('/api/admin', badges), /a router for \/api\/organizations\/\{orgId\}, \/api\/v1 is mounted at \/api\/admin/);
  const admin = documentedRouter(['/api/admin']);
  t.throws(() => admin.mount('/{orgId}', badges), /mounted at \/api\/admin\/\{orgId\}/);
});

t.test('an undocumented route needs its reason; the app needs documentedApp', async (t) => {
  t.throws(() => documentedApp(express()).undocumented('get', ['/x'], ' ', (_req, _res, next) => next()), /reason/);
  t.throws(() => servedOperations(express()), /no documented routes/);
});
