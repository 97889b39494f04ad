import type { ComponentChildren } from 'preact';
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { api, seg } from '../api.js';
import { useResource, useTitle } from '../hooks.js';
import { pagePath, signInPath, type PageName } from '../routes.js';
import { Link, navigate, useLocation } from '../router.js';
import { currentUser, signOut, subscribe } from '../session.js';
import { can, type Permission } from '@cred/proto/roles';
import type { Organization, User } from '../types.js';
import { Notice, PageLoadError } from './ui.js';

/** Re-renders when the signed-in user changes (sign in, sign out, a session ended elsewhere). */
export function useUser(): User | null {
  const [user, setUser] = useState(currentUser);
  useEffect(() => subscribe(() => setUser(currentUser())), []);
  return user;
}

/** The frame of every page: skip link, header with the main navigation, the page, footer. */
export function Shell({ children }: { children: ComponentChildren }) {
  const user = useUser();
  const firstOrg = user?.memberships[0]?.organizationId;
  return (
    <>
      <a class="skip" href="#content">
        Skip to content
      </a>
      <header class="site">
        <div class="site-inner">
          <Link href="/" class="brand">
            Credentials
          </Link>
          <nav aria-label="Main">
            <ul>
              {user ? (
                <>
                  {firstOrg ? (
                    <li>
                      <Link href={pagePath('orgOverview', { orgId: firstOrg })}>Organization</Link>
                    </li>
                  ) : null}
                  <li>
                    <Link href={pagePath('myCredentials')}>My credentials</Link>
                  </li>
                  <li>
                    <button
                      type="button"
                      class="linklike"
                      onClick={async () => {
                        try {
                          await signOut();
                        } catch {
                          // The server could not be reached: this browser forgets the session all the same.
                        }
                        navigate('/login?signedOut=1');
                      }}
                    >
                      Sign out
                    </button>
                  </li>
                </>
              ) : (
                <>
                  <li>
                    <Link href={pagePath('login')}>Sign in</Link>
                  </li>
                  <li>
                    <Link href={pagePath('signup')}>Create an account</Link>
                  </li>
                </>
              )}
              <li>
                <a href="/verify-lookup">Verify a credential</a>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="content" tabIndex={-1}>
        {children}
      </main>
      <footer class="site">
        <p>
          Open Badges 3.0 credentials, signed with Ed25519. <a href="/api/v1/openapi.json">API description</a> ·{' '}
          <Link href={pagePath('admin')}>Operator console</Link>
        </p>
      </footer>
    </>
  );
}

const OrgContext = createContext<{ org: Organization; reload: () => void } | null>(null);

/** The organization of the current /org/:orgId page (inside OrgLayout only). */
export function useOrg(): { org: Organization; reload: () => void } {
  const v = useContext(OrgContext);
  if (!v) throw new Error('useOrg outside OrgLayout');
  return v;
}

/** The signed-in user's role in an organization, as the session last said ('' when none). */
export function useRole(orgId: string): string {
  const user = useUser();
  return user?.memberships.find((m) => m.organizationId.toLowerCase() === orgId.toLowerCase())?.role ?? '';
}

/**
 * Whether the signed-in user's role allows `permission` in the organization: the platform's one
 * permission table (@cred/proto/roles), the same the server enforces. Pages only hide what the
 * server would refuse; they decide nothing.
 */
export function useCan(orgId: string, permission: Permission): boolean {
  return can(useRole(orgId), permission);
}

/** The organization's sections, each shown to the roles that may use it. */
const ORG_NAV: [PageName, string, Permission][] = [
  ['orgOverview', 'Overview', 'organization.read'],
  ['badges', 'Badges', 'badges.read'],
  ['issue', 'Issue', 'credentials.issue'],
  ['bulk', 'Bulk issue', 'credentials.issue'],
  ['credentials', 'Credentials', 'credentials.read'],
  ['analytics', 'Analytics', 'analytics.read'],
  ['members', 'Members', 'members.read'],
  ['signingKeys', 'Signing keys', 'signing_keys.manage'],
  ['apiKeys', 'API keys', 'api_keys.manage'],
  ['webhooks', 'Webhooks', 'webhooks.manage'],
  ['settings', 'Settings', 'organization.manage'],
  ['auditLog', 'Audit log', 'audit.read'],
];

const STATE_TEXT: Record<string, string> = {
  pending_approval:
    'This organization is waiting for approval by the platform. You can design badges now; issuing starts once it is approved.',
  suspended:
    'This organization is suspended: its credentials do not verify as valid and nothing can be issued. Contact the platform operator.',
};

/**
 * Every /org/:orgId page: the organization's name, its state, and the section navigation. A
 * signed-out visitor is asked to sign in without a request for the organization, which could
 * only answer 401.
 */
export function OrgLayout({ orgId, children }: { orgId: string; children: ComponentChildren }) {
  const user = useUser();
  if (!user) return <SignInNeeded />;
  return <OrgFrame orgId={orgId}>{children}</OrgFrame>;
}

function SignInNeeded() {
  useTitle('Sign in needed');
  const location = useLocation();
  return (
    <>
      <h1>Sign in needed</h1>
      <p>This page belongs to an organization. Sign in with an account that is a member of it to see it.</p>
      <p>
        <Link href={signInPath(location.href)}>Sign in</Link>
      </p>
    </>
  );
}

function OrgFrame({ orgId, children }: { orgId: string; children: ComponentChildren }) {
  const org = useResource(() => api.get<Organization>(`/api/organizations/${seg(orgId)}`), [orgId]);
  const location = useLocation();
  const role = useRole(orgId);
  if (org.error) return <PageLoadError error={org.error} retry={org.reload} />;
  if (!org.data)
    return (
      <p class="loading" role="status">
        Loading…
      </p>
    );
  const o = org.data;
  return (
    <OrgContext.Provider value={{ org: o, reload: org.reload }}>
      <div class="org">
        <p class="org-name">
          {o.name} <span class="muted">({o.plan} plan)</span>
        </p>
        <nav class="org-nav" aria-label="Organization">
          <ul>
            {ORG_NAV.filter(([, , permission]) => can(role, permission)).map(([name, text]) => {
              const href = pagePath(name, { orgId });
              const current = location.pathname === href || (name !== 'orgOverview' && location.pathname.startsWith(`${href}/`));
              return (
                <li key={name}>
                  <Link href={href} aria-current={current ? 'page' : undefined}>
                    {text}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {STATE_TEXT[o.status] ? <Notice tone={o.status === 'suspended' ? 'error' : 'warning'}>{STATE_TEXT[o.status]}</Notice> : null}
        <div class="org-page">{children}</div>
      </div>
    </OrgContext.Provider>
  );
}
