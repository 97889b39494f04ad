import { api, ApiError, setAdminCsrfToken, setCsrfToken, whenUnauthorized } from './api.js';
import type { SessionInfo, User } from './types.js';

/**
 * Who is signed in, as the server last said. The session itself is an HttpOnly cookie the page
 * cannot read; this holds only what `GET /api/auth/session` returns (the user and the CSRF token).
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let current: SessionInfo | null = null;
let admin: { expiresAt: string } | null = null;

function changed(): void {
  for (const l of listeners) l();
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentUser = (): User | null => current?.user ?? null;
export const adminSession = () => admin;

function setSession(info: SessionInfo | null): void {
  current = info;
  setCsrfToken(info?.csrfToken ?? '');
  changed();
}

/**
 * The readable markers the server sets beside the HttpOnly session cookies (`signed_in`,
 * `admin_signed_in`): without one this browser holds no session, so there is nothing to ask and
 * no request that can only fail (a signed-out visitor's console stays clean). They prove nothing;
 * with one, the server still decides.
 */
const SIGNED_IN = 'signed_in';
const ADMIN_SIGNED_IN = 'admin_signed_in';

function hasMarker(name: string): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${name}=1`));
}

const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;

/** Forgets a marker whose session the server no longer accepts (ended elsewhere, expired). */
function dropMarker(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0`;
}

/** Asks the server who this browser is (on start, and after anything that may change the user record). */
export async function refreshSession(): Promise<SessionInfo | null> {
  if (!hasMarker(SIGNED_IN)) {
    setSession(null);
    return current;
  }
  try {
    setSession(await api.get<SessionInfo>('/api/auth/session', { expectUnauthorized: true }));
  } catch (err) {
    if (isUnauthorized(err)) dropMarker(SIGNED_IN);
    setSession(null);
  }
  return current;
}

export async function signIn(email: string, password: string): Promise<SessionInfo> {
  const info = await api.post<SessionInfo>('/api/auth/session', { email, password }, { expectUnauthorized: true });
  setSession(info);
  return info;
}

export async function signOut(): Promise<void> {
  try {
    await api.del('/api/auth/session', undefined, { expectUnauthorized: true });
  } finally {
    setSession(null);
  }
}

export async function refreshAdminSession(): Promise<void> {
  try {
    if (!hasMarker(ADMIN_SIGNED_IN)) throw new ApiError(401, 'UNAUTHORIZED', 'No console session');
    const r = await api.get<{ expiresAt: string; csrfToken: string }>('/api/admin/session');
    admin = { expiresAt: r.expiresAt };
    setAdminCsrfToken(r.csrfToken);
  } catch (err) {
    if (isUnauthorized(err)) dropMarker(ADMIN_SIGNED_IN);
    admin = null;
    setAdminCsrfToken('');
  }
  changed();
}

export async function adminSignIn(token: string): Promise<void> {
  const r = await api.post<{ expiresAt: string; csrfToken: string }>('/api/admin/session', { token });
  admin = { expiresAt: r.expiresAt };
  setAdminCsrfToken(r.csrfToken);
  changed();
}

export async function adminSignOut(): Promise<void> {
  try {
    await api.del('/api/admin/session');
  } finally {
    admin = null;
    setAdminCsrfToken('');
    changed();
  }
}

// A session ended elsewhere (logout in another tab, password reset): forget it here too.
whenUnauthorized(() => {
  dropMarker(SIGNED_IN);
  if (current) setSession(null);
});
