import { Router, type Express, type RequestHandler, type RouterOptions } from 'express';
import type { DocumentedPaths } from '../openapi/openapi.js';

/**
 * Every route of the gateway is registered here, by its operation in the OpenAPI document
 * (docs/adr/0010-schema-first-http.md "Routes"): a router is made for the path templates it is
 * mounted under (`documentedRouter(['/api/organizations/{orgId}', '/api/v1'])`) and each route is
 * the rest of a documented template with a method the document has for it (`router.post('/badges',
 * ...)`). A route the document lacks, under any of the router's prefixes, does not compile. Each
 * registration and each mount is recorded, so the app knows what it serves (`servedOperations`)
 * without reading Express's router. Plain `Router()` and `app.get(...)` are refused by eslint in
 * the gateway's sources (eslint.config.js).
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Template = keyof DocumentedPaths & string;
type MethodsOf<T extends Template> = Extract<keyof DocumentedPaths[T], HttpMethod>;

/** The rest of every documented template under `Prefix` (empty, or from a `/`) that has method M. */
type RestUnder<Prefix extends string, M extends HttpMethod> = {
  [T in Template]: T extends `${Prefix}${infer Rest}` ? (Rest extends '' | `/${string}` ? (M extends MethodsOf<T> ? Rest : never) : never) : never;
}[Template];

/** The rests documented with method M under every one of the prefixes. */
type RestUnderAll<Prefixes extends readonly string[], M extends HttpMethod> = Prefixes extends readonly [
  infer P extends string,
  ...infer More extends readonly string[],
]
  ? More extends readonly []
    ? RestUnder<P, M>
    : RestUnder<P, M> & RestUnderAll<More, M>
  : never;

/** One route the app serves: a documented operation, or one outside the document with the reason. */
export interface ServedRoute {
  method: HttpMethod;
  /** The path template, as the document writes it (`/api/organizations/{orgId}/badges`). */
  template: string;
  /** Set for a route that is not in the document: why it is not. */
  undocumented?: string;
}

type Entry =
  | { kind: 'route'; method: HttpMethod; rest: string; undocumented?: string }
  | { kind: 'mount'; at: string; router: DocumentedRouter };

/** A document template to an Express path: `{param}` becomes `:param`. */
const expressPath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');

/** The recorded routes of the routers an app mounts, by app (documentedApp). */
const apps = new WeakMap<Express, DocumentedRouter>();

export class DocumentedRouter<const Prefixes extends readonly string[] = readonly string[]> {
  readonly #router: Router | Express;
  readonly #prefixes: readonly string[];
  readonly #entries: Entry[] = [];

  constructor(router: Router | Express, prefixes: Prefixes) {
    this.#router = router;
    this.#prefixes = prefixes;
  }

  #route(method: HttpMethod, rest: string, handlers: RequestHandler[], undocumented?: string): void {
    if (handlers.length === 0) throw new Error(`${method.toUpperCase()} ${rest}: no handler`);
    (this.#router[method] as (path: string, ...h: RequestHandler[]) => unknown).call(this.#router, expressPath(rest), ...handlers);
    this.#entries.push({ kind: 'route', method, rest, ...(undocumented === undefined ? {} : { undocumented }) });
  }

  get(rest: RestUnderAll<Prefixes, 'get'>, ...handlers: RequestHandler[]): void {
    this.#route('get', rest, handlers);
  }

  post(rest: RestUnderAll<Prefixes, 'post'>, ...handlers: RequestHandler[]): void {
    this.#route('post', rest, handlers);
  }

  put(rest: RestUnderAll<Prefixes, 'put'>, ...handlers: RequestHandler[]): void {
    this.#route('put', rest, handlers);
  }

  patch(rest: RestUnderAll<Prefixes, 'patch'>, ...handlers: RequestHandler[]): void {
    this.#route('patch', rest, handlers);
  }

  delete(rest: RestUnderAll<Prefixes, 'delete'>, ...handlers: RequestHandler[]): void {
    this.#route('delete', rest, handlers);
  }

  /**
   * Middleware (authentication, scope, limits) for the routes after it, as Express's `use`. Not for
   * routers (`mount`) nor for answering requests of its own (`undocumented`).
   */
  use(...args: [string, ...RequestHandler[]] | RequestHandler[]): void {
    this.#use(args);
  }

  #use(args: Array<string | RequestHandler>): void {
    (this.#router.use as (...a: Array<string | RequestHandler>) => unknown).apply(this.#router, args);
  }

  /**
   * Routers at `at` (a path template, relative to this router), with middleware before them as
   * `use` takes it. Each router must have been made for the prefix it lands on, so its routes were
   * checked against the document there.
   */
  mount(at: string, ...handlers: Array<DocumentedRouter | RequestHandler>): void {
    const express: RequestHandler[] = [];
    for (const handler of handlers) {
      if (handler instanceof DocumentedRouter) {
        for (const prefix of this.#prefixes) {
          if (!handler.#prefixes.includes(prefix + at))
            throw new Error(`a router for ${handler.#prefixes.join(', ')} is mounted at ${prefix + at}`);
        }
        this.#entries.push({ kind: 'mount', at, router: handler });
        express.push(handler.#router as RequestHandler);
      } else {
        express.push(handler);
      }
    }
    this.#use(at === '' ? express : [expressPath(at), ...express]);
  }

  /**
   * A route that is deliberately not in the document (`because` says why): registered as Express
   * middleware that answers `method` on `templates` itself, and listed with its reason.
   */
  undocumented(method: HttpMethod, templates: readonly string[], because: string, ...handlers: RequestHandler[]): void {
    if (because.trim() === '') throw new Error('an undocumented route needs its reason');
    this.#use(handlers);
    for (const rest of templates) this.#entries.push({ kind: 'route', method, rest, undocumented: because });
  }

  /** What this router serves, each route under each prefix it is reached by. */
  served(prefix: string): ServedRoute[] {
    return this.#entries.flatMap((entry): ServedRoute[] =>
      entry.kind === 'mount'
        ? entry.router.served(prefix + entry.at)
        : [{ method: entry.method, template: prefix + entry.rest, ...(entry.undocumented ? { undocumented: entry.undocumented } : {}) }],
    );
  }
}

/**
 * How every router of the gateway matches paths, as the app itself does (createApp): exactly.
 * A path is served only as the document writes it: `/WEBHOOKS`, `/webhooks/` or `/%77ebhooks`
 * is no route (404), so no spelling of a route can reach its handler past a check that reads the
 * path as written (the role table, role-permissions.ts). docs/decisions.md "Exact routing".
 */
export const EXACT_ROUTING = { caseSensitive: true, strict: true } as const;

/** A router for the routes under `prefixes` (path templates of the document). */
export function documentedRouter<const Prefixes extends readonly string[]>(
  prefixes: Prefixes,
  options?: Omit<RouterOptions, 'caseSensitive' | 'strict'>,
): DocumentedRouter<Prefixes> {
  return new DocumentedRouter(Router({ ...options, ...EXACT_ROUTING }), prefixes);
}

/** The app's own routes and mounts (at the root), recorded for servedOperations; the app routes exactly (EXACT_ROUTING). */
export function documentedApp(app: Express): DocumentedRouter<readonly ['']> {
  // Express makes the app's router, with these settings, on its first route or middleware: call
  // this before anything is registered on the app.
  app.set('case sensitive routing', EXACT_ROUTING.caseSensitive);
  app.set('strict routing', EXACT_ROUTING.strict);
  const root = new DocumentedRouter(app, [''] as const);
  apps.set(app, root);
  return root;
}

/** Every route the app serves, with its method and path template, as registered. */
export function servedOperations(app: Express): ServedRoute[] {
  const root = apps.get(app);
  if (!root) throw new Error('the app has no documented routes (documentedApp)');
  return root.served('');
}
