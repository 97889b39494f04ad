import type { FunctionComponent } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { OrgLayout, Shell } from './components/layout.js';
import { useTitle } from './hooks.js';
import { accountPages } from './pages/account-pages.js';
import { issuerPages } from './pages/issuer-pages.js';
import { AuditLogPage } from './pages/audit-log.js';
import { matchPage, type PageName } from './routes.js';
import { Link, useLocation } from './router.js';

export interface PageProps {
  params: Record<string, string>;
}

export type PageComponent = FunctionComponent<PageProps>;

/** Pages under /org/:orgId are drawn inside the organization's frame. */
const PAGES: Partial<Record<PageName, PageComponent>> = { ...accountPages, ...issuerPages, auditLog: AuditLogPage };

function NotFound() {
  useTitle('Page not found');
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no page at this address. <Link href="/">Go to the start page</Link>.
      </p>
    </>
  );
}

export function App() {
  const location = useLocation();
  const match = matchPage(location.pathname);
  const Page = match ? PAGES[match.name] : undefined;
  // After a navigation, focus moves to the page's heading so a screen reader announces the new page.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const h1 = document.querySelector<HTMLElement>('main h1');
    if (h1) {
      h1.tabIndex = -1;
      h1.focus();
    }
    window.scrollTo(0, 0);
  }, [location.href]);
  if (!match || !Page) return <Shell>{<NotFound />}</Shell>;
  const page = <Page key={location.pathname} params={match.params} />;
  return <Shell>{match.params.orgId ? <OrgLayout orgId={match.params.orgId}>{page}</OrgLayout> : page}</Shell>;
}
