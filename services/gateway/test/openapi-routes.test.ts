// @unit
// Every route the gateway serves on its HTTP port is in the OpenAPI document, and every documented
// operation is served. Two sources, read from the code rather than from a hand-kept list:
// - the Express routes: the app is built by createApp (with inert dependencies: nothing is called
//   while routes are registered) and its router stack is walked (each layer keeps its path);
// - the verification service's public routes (regular expressions), which the gateway streams
//   to it for the paths isPublicVerificationRequest accepts. These are matched against sample
//   paths built from the documented templates (PUBLIC_ROUTES, the list the server itself uses).
import t from 'tap';
import { createLogger, Registry, newSessionKeyPair } from '@cred/runtime';
import { loadConfig } from '../src/config.js';
import { createApp, type AppDeps } from '../src/http/app.js';
import { isPublicVerificationRequest } from '../src/http/public-proxy.js';
import { openApiDocument } from '../src/openapi/openapi.js';
import { PUBLIC_ROUTES } from '../../verification/src/http/routes.js';

/** Session keys: accounts signs with the seed, the gateway and verification check with the public key. */
const SESSION_KEYS = newSessionKeyPair();

interface PublicRoute {
  name: string;
  pattern: RegExp;
  methods?: readonly string[];
}

const VERIFICATION_ROUTES: readonly PublicRoute[] = PUBLIC_ROUTES;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Walks an Express 5 router stack: `layer.route` for routes, `layer.handle.stack` for mounted routers. */
interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
  slash?: boolean;
}

function expressRoutes(stack: Layer[], prefix = ''): Array<{ method: string; template: string }> {
  const out: Array<{ method: string; template: string }> = [];
  for (const layer of stack) {
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && METHODS.includes(method)) out.push({ method, template: (prefix + layer.route.path).replace(/:(\w+)/g, '{$1}') });
      }
    } else if (layer.handle?.stack) {
      if (!layer.slash && typeof layer.rawPath !== 'string')
        throw new Error(`a router is mounted on a non-string path: ${String(layer.rawPath)}`);
      out.push(...expressRoutes(layer.handle.stack, prefix + (layer.slash ? '' : (layer.rawPath as string))));
    }
  }
  return out;
}

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
const gatewayRoutes = expressRoutes((app as unknown as { router: { stack: Layer[] } }).router.stack);
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

t.test('the route walk finds the gateway routes', async (t) => {
  t.ok(gatewayRoutes.length >= 50, `${gatewayRoutes.length} Express routes`);
  t.ok(
    gatewayRoutes.some((r) => r.method === 'post' && r.template === '/api/organizations/{orgId}/badges'),
    'member routes under /:orgId',
  );
  t.ok(
    gatewayRoutes.some((r) => r.method === 'get' && r.template === '/healthz'),
    'routes on the app itself',
  );
});

t.test('every Express route of the gateway is documented', async (t) => {
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
