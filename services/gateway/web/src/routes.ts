/**
 * Every page of the web application, by name. The browser's router and the gateway (which
 * answers these paths with the application's HTML and every other path with its own 404) both
 * read this table, so a page exists in one place. `:name` matches one path segment.
 */
export const PAGES = {
  home: '/',
  signup: '/signup',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  acceptInvitation: '/invitations/accept',
  myCredentials: '/me/credentials',
  orgOverview: '/org/:orgId',
  signingKeys: '/org/:orgId/keys',
  badges: '/org/:orgId/badges',
  badgeNew: '/org/:orgId/badges/new',
  badgeEdit: '/org/:orgId/badges/:badgeId',
  issue: '/org/:orgId/issue',
  bulk: '/org/:orgId/bulk',
  bulkJob: '/org/:orgId/bulk/:jobId',
  credentials: '/org/:orgId/credentials',
  credentialDetail: '/org/:orgId/credentials/:credentialId',
  apiKeys: '/org/:orgId/api-keys',
  webhooks: '/org/:orgId/webhooks',
  settings: '/org/:orgId/settings',
  members: '/org/:orgId/members',
  analytics: '/org/:orgId/analytics',
  auditLog: '/org/:orgId/audit-log',
  admin: '/admin',
} as const;

export type PageName = keyof typeof PAGES;

export interface PageMatch {
  name: PageName;
  params: Record<string, string>;
}

const compiled = (Object.entries(PAGES) as [PageName, string][]).map(([name, pattern]) => {
  const keys: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { name, keys, regex: new RegExp(`^${source}/?$`) };
});

/** The page a path names, with its decoded parameters; undefined for any other path. */
export function matchPage(pathname: string): PageMatch | undefined {
  for (const page of compiled) {
    const m = page.regex.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    try {
      page.keys.forEach((key, i) => (params[key] = decodeURIComponent(m[i + 1]!)));
    } catch {
      return undefined; // a malformed percent-escape names no page
    }
    // A literal segment wins over a parameter (badges/new is not a badge id): the table lists literals first where both fit.
    return { name: page.name, params };
  }
  return undefined;
}

/** The path of a page with its parameters filled in (each one escaped). */
export function pagePath(name: PageName, params: Record<string, string> = {}, query?: Record<string, string | number | undefined>): string {
  let path: string = PAGES[name].replace(/:([A-Za-z]+)/g, (_m, key: string) => encodeURIComponent(params[key] ?? ''));
  if (query) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q.set(k, String(v));
    const s = q.toString();
    if (s) path += `?${s}`;
  }
  return path;
}

/** The sign-in page, coming back to `next` (a path with its query) once signed in. */
export const signInPath = (next: string): string => `${PAGES.login}?next=${encodeURIComponent(next)}`;
