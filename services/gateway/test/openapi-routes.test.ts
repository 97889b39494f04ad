// @unit
// Every route the gateway serves on its HTTP port is in the OpenAPI document, and every documented
// operation is served. Two sources, read from the code rather than from a hand-kept list:
// - the gateway's own routes: the app is built by createApp (with inert dependencies: nothing is
//   called while routes are registered), which registers each through src/http/routes-kit.ts and
//   lists what it registered (servedOperations), each route under every prefix it is mounted at;
// - the verification service's public routes (regular expressions), which the gateway streams
//   to it for the paths isPublicVerificationRequest accepts. These are matched against sample
//   paths built from the documented templates (PUBLIC_ROUTES, the list the server itself uses).
import t from 'tap';
import { createLogger, Registry, newSessionKeyPair } from '@cred/runtime';
import { loadConfig } from '../src/config.js';
import { createApp, type AppDeps } from '../src/http/app.js';
import { servedOperations } from '../src/http/routes-kit.js';
import { isPublicVerificationRequest } from '@cred/runtime';
import { openApiDocument } from '../src/openapi/openapi.js';
import { PUBLIC_ROUTES } from '../../verification/src/http/routes.js';
import { rpcEnv } from '@cred/testing';

/** Session keys: accounts signs with the seed, the gateway and verification check with the public key. */
const SESSION_KEYS = newSessionKeyPair();

interface PublicRoute {
  name: string;
  pattern: RegExp;
  methods?: readonly string[];
}

const VERIFICATION_ROUTES: readonly PublicRoute[] = PUBLIC_ROUTES;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** A concrete path for a documented template, for matching the verification routes' patterns. */
const SAMPLES: Record<string, string> = {
  credentialId: 'CRD-7K4M2Q9XW3RT',
  slug: 'acme-academy',
  orgSlug: 'acme-academy',
  badgeSlug: 'data-stewardship',
  listNumber: '1',
  file: `${'a'.repeat(64)}.png`,
};
const sample = (template: string) =>
  template.replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLES[name] ?? '0b7f5c3e-6d1a-4c8e-9f2b-3a4d5e6f7a8b');

const inert = <T>(value: unknown) => value as T;
const app = createApp({
  config: loadConfig({
    ...rpcEnv('gateway'),
    ...SESSION_KEYS,
    PLATFORM_ADMIN_TOKEN: 'openapi-routes-admin-token-0123456789',
  }),
  logger: createLogger({ service: 'gateway', level: 'silent' }),
  metrics: new Registry(),
  upstreams: inert<AppDeps['upstreams']>({}),
  readiness: async () => ({ ready: true, checks: {} }),
  clock: inert<AppDeps['clock']>({ now: () => new Date() }),
  redis: inert<AppDeps['redis']>({ defineCommand: () => undefined }),
  limiter: inert<AppDeps['limiter']>({}),
  localLimiter: inert<AppDeps['localLimiter']>({}),
  cache: inert<AppDeps['cache']>({}),
  verifySession: inert<AppDeps['verifySession']>(async () => ({})),
  web: inert<AppDeps['web']>({ byPath: new Map(), script: { path: '/assets/a.js' }, style: { path: '/assets/a.css' } }),
});
const served = servedOperations(app);
const gatewayRoutes = served.filter((r) => r.undocumented === undefined);
const undocumentedRoutes = served.filter((r) => r.undocumented !== undefined);
const doc = openApiDocument as unknown as { paths: Record<string, Record<string, unknown>> };
const documented = Object.entries(doc.paths).flatMap(([template, ops]) =>
  Object.keys(ops)
    .filter((m) => METHODS.includes(m))
    .map((method) => ({ method, template })),
);
const proxiedRoute = (method: string, path: string) =>
  isPublicVerificationRequest(method.toUpperCase(), path)
    ? VERIFICATION_ROUTES.find((r) => (r.methods ?? ['GET', 'HEAD']).includes(method.toUpperCase()) && r.pattern.test(path))
    : undefined;

t.test('the list has the gateway routes, under each prefix a router is mounted at', async (t) => {
  t.ok(gatewayRoutes.length >= 50, `${gatewayRoutes.length} documented routes`);
  const has = (method: string, template: string) => gatewayRoutes.some((r) => r.method === method && r.template === template);
  t.ok(has('post', '/api/organizations/{orgId}/badges'), 'member routes under /{orgId}');
  t.ok(has('post', '/api/v1/badges'), 'the same router under /api/v1');
  t.ok(has('get', '/healthz'), 'routes on the app itself');
  t.ok(has('get', '/images/badges/{badgeId}/{file}'), 'routers mounted at the root');
  const keys = served.map((r) => `${r.method} ${r.template}`);
  t.same(
    keys.filter((k, i) => keys.indexOf(k) !== i),
    [],
    'no route is registered twice',
  );
});

t.test('the routes outside the document say why, and are not API paths', async (t) => {
  t.ok(undocumentedRoutes.length > 0, `${undocumentedRoutes.length} undocumented routes (the web application's pages and assets)`);
  for (const { method, template, undocumented } of undocumentedRoutes) {
    t.match(undocumented, /\w{3,}/, `${method.toUpperCase()} ${template} has its reason`);
    t.notOk(template.startsWith('/api/'), `${template} is not under /api`);
    t.notOk(doc.paths[template]?.[method], `${method.toUpperCase()} ${template} is not also documented`);
  }
});

t.test('every route the gateway registers as documented is in the document', async (t) => {
  for (const { method, template } of gatewayRoutes) {
    t.ok(doc.paths[template]?.[method], `${method.toUpperCase()} ${template} is in the OpenAPI document`);
  }
});

t.test('every public verification route the gateway streams is documented', async (t) => {
  for (const route of VERIFICATION_ROUTES) {
    for (const method of (route.methods ?? ['GET']).filter((m) => m !== 'HEAD')) {
      const hits = documented.filter((d) => d.method === method.toLowerCase() && route.pattern.test(sample(d.template)));
      t.ok(
        hits.length > 0,
        `${method} ${route.name} (${String(route.pattern)}) is documented${hits.length ? ` as ${hits[0]!.template}` : ''}`,
      );
      for (const hit of hits) {
        t.ok(isPublicVerificationRequest(method, sample(hit.template)), `the gateway streams ${method} ${hit.template} to verification`);
      }
    }
  }
});

t.test('every documented operation is served, by the gateway or by verification through it', async (t) => {
  for (const { method, template } of documented) {
    const own = gatewayRoutes.some((r) => r.method === method && r.template === template);
    const proxied = proxiedRoute(method, sample(template));
    t.ok(
      own || proxied,
      `${method.toUpperCase()} ${template} is served${own ? ' by the gateway' : proxied ? ` by verification (${proxied.name})` : ''}`,
    );
    t.notOk(
      own && isPublicVerificationRequest(method.toUpperCase(), sample(template)),
      `${method.toUpperCase()} ${template} has one owner`,
    );
  }
});
