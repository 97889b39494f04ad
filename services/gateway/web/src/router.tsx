import type { AnchorHTMLAttributes, ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * History-API navigation between the application's pages. Links are real `<a href>`s (they work
 * opened in a new tab, copied, or without this script); a plain left click is taken over here.
 * Every state a page shows that a person may want back (filters, page numbers) is in its URL.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export interface Location {
  pathname: string;
  search: URLSearchParams;
  href: string;
}

function read(): Location {
  return {
    pathname: window.location.pathname,
    search: new URLSearchParams(window.location.search),
    href: window.location.pathname + window.location.search,
  };
}

export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  for (const l of listeners) l();
}

window.addEventListener('popstate', () => {
  for (const l of listeners) l();
});

export function useLocation(): Location {
  const [location, setLocation] = useState(read);
  useEffect(() => {
    const l = () => setLocation((prev) => (prev.href === window.location.pathname + window.location.search ? prev : read()));
    listeners.add(l);
    // A child's effect runs before this one: a navigate() it made (a redirect on first draw) is caught up here.
    l();
    return () => listeners.delete(l);
  }, []);
  return location;
}

/** Replaces one or more query parameters of the current page (empty values removed), e.g. a filter. */
export function withQuery(location: Location, changes: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams(location.search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === '') q.delete(k);
    else q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `${location.pathname}?${s}` : location.pathname;
}

type AnchorProps = AnchorHTMLAttributes & { href: string; children?: ComponentChildren };

/** A link to another page of the application. */
export function Link(props: AnchorProps) {
  const { href, onClick, ...rest } = props;
  return (
    <a
      href={href}
      {...rest}
      onClick={(e) => {
        if (typeof onClick === 'function') (onClick as (ev: MouseEvent) => void)(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href);
      }}
    />
  );
}
