import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api.js';
import type { Location } from './router.js';

export interface Resource<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/** Loads what a page shows; reloads when `deps` change; an answer to an older request is dropped. */
export function useResource<T>(load: () => Promise<T>, deps: unknown[]): Resource<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  useEffect(() => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => mine === seq.current && setState({ data, loading: false }),
      (err: unknown) => mine === seq.current && setState({ error: toApiError(err), loading: false }),
    );
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError(0, 'CLIENT_ERROR', err instanceof Error ? err.message : String(err));
}

/** Sets the window title (and so what a screen reader announces on navigation). */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Credentials`;
  }, [title]);
}

export interface Submission {
  pending: boolean;
  error: ApiError | undefined;
  /** Runs `action`; an ApiError is kept for the error summary, anything else too. Resolves to whether it succeeded. */
  run: (action: () => Promise<void>) => Promise<boolean>;
  clear: () => void;
}

/** The state of one form's submission: pending (buttons disabled) and the server's error. */
export function useSubmission(): Submission {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | undefined>();
  const run = useCallback(async (action: () => Promise<void>) => {
    setPending(true);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (err) {
      setError(toApiError(err));
      return false;
    } finally {
      setPending(false);
    }
  }, []);
  return { pending, error, run, clear: () => setError(undefined) };
}

export interface QueryFilters<K extends string> {
  /** The filters in force: what the address says. */
  applied: Record<K, string>;
  /** What the filter form's fields hold, applied on submit. */
  draft: Record<K, string>;
  /** The setter of one field of the form. */
  set: (name: K) => (value: string) => void;
  /** Whether any filter is in force. */
  filtered: boolean;
}

/**
 * The filters of a list page: kept in the address (so a filtered list can be linked to), and in
 * a form's fields until applied. Filters changed by a link (Clear filters, Back) show in the
 * fields too.
 */
export function useQueryFilters<K extends string>(location: Location, names: readonly K[]): QueryFilters<K> {
  const applied = Object.fromEntries(names.map((n) => [n, location.search.get(n) ?? ''])) as Record<K, string>;
  const [draft, setDraft] = useState(applied);
  useEffect(() => setDraft(applied), names.map((n) => applied[n]));
  return {
    applied,
    draft,
    set: (name) => (value) => setDraft((d) => ({ ...d, [name]: value })),
    filtered: names.some((n) => applied[n] !== ''),
  };
}

/** A list's 400 names a refused filter: shown at the filter form, not as a broken page. */
export const refusedFilter = (error: ApiError | undefined): ApiError | undefined => (error?.status === 400 ? error : undefined);
