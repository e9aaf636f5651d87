import { useState } from 'react';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { readCookies } from '../utils/browser-state.ts';
import { EntryTable } from './entry-table.tsx';

/** `/old-test-dashboard`, the cookie debug dashboard (docs/product.md "Screens"): the cookies this page can read. */
export function CookieDebugPage() {
  const [cookies, setCookies] = useState(() => readCookies());
  return (
    <PageLayout title="Cookie debug dashboard">
      <p className="page__note">Sign-in uses a Bearer token in local storage, not cookies; HttpOnly cookies are not visible to the page.</p>
      <EntryTable caption="Cookies" entries={cookies} empty="No cookies are visible to this page." />
      <button type="button" className="button button--secondary" onClick={() => setCookies(readCookies())}>
        Refresh
      </button>
    </PageLayout>
  );
}
