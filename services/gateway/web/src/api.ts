/**
 * The application's only way to the server: the same JSON API that API clients use, on the
 * same origin, authenticated by the HttpOnly `session` cookie (or `admin_session` for the
 * operator console). Every state-changing call carries the CSRF token the session endpoint
 * handed out; the page never sees a session token.
 */

/** The platform's error shape: `{error, message, details}`, `details.field` naming the input. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** The input the server named (`recipient.email`), if any. */
  get field(): string | undefined {
    return typeof this.details.field === 'string' ? this.details.field : undefined;
  }
}

let csrfToken = '';
let adminCsrfToken = '';

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export function setAdminCsrfToken(token: string): void {
  adminCsrfToken = token;
}

/** Called when a signed-in call answers 401: the session ended elsewhere (logout, password reset, expiry). */
let onUnauthorized: (() => void) | undefined;
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  body?: unknown;
  /** A FormData body (uploads) instead of JSON. */
  form?: FormData;
  headers?: Record<string, string>;
  /** A 401 is an expected answer here (sign-in forms), not a lost session. */
  expectUnauthorized?: boolean;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function errorOf(res: Response): Promise<ApiError> {
  let body: any;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (body && typeof body.error === 'string') {
    return new ApiError(
      res.status,
      body.error,
      String(body.message ?? body.error),
      typeof body.details === 'object' && body.details ? body.details : {},
    );
  }
  return new ApiError(
    res.status,
    res.status >= 500 ? 'INTERNAL_ERROR' : 'ERROR',
    res.status >= 500 ? 'The server could not answer; try again in a moment.' : `Request failed (${res.status})`,
  );
}

export async function request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (UNSAFE.has(method)) {
    const token = path.startsWith('/api/admin') ? adminCsrfToken : csrfToken;
    if (token) headers['x-csrf-token'] = token;
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body, credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached. Check your connection and try again.');
  }
  if (!res.ok) {
    const err = await errorOf(res);
    if (res.status === 401 && !options.expectUnauthorized && !path.startsWith('/api/admin')) onUnauthorized?.();
    throw err;
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('json') ? await res.json() : await res.text()) as T;
}

export const api = {
  get: <T = any>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T = any>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T = any>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  del: <T = any>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, { ...options, body }),
  upload: <T = any>(path: string, form: FormData, options?: RequestOptions) => request<T>('POST', path, { ...options, form }),
};

/** A path segment, escaped. */
export const seg = (value: string) => encodeURIComponent(value);

/** A query string from the defined values (empty string when none). */
export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
