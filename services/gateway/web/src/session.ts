import { api, setAdminCsrfToken, setCsrfToken, whenUnauthorized } from './api.js';
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

/** Asks the server who this browser is (on start, and after anything that may change the user record). */
export async function refreshSession(): Promise<SessionInfo | null> {
  try {
    setSession(await api.get<SessionInfo>('/api/auth/session', { expectUnauthorized: true }));
  } catch {
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
    const r = await api.get<{ expiresAt: string; csrfToken: string }>('/api/admin/session');
    admin = { expiresAt: r.expiresAt };
    setAdminCsrfToken(r.csrfToken);
  } catch {
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
  if (current) setSession(null);
});
