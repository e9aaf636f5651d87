import { useEffect, useState } from 'react';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { readCookies, readLocalStorage } from '../utils/browser-state.ts';
import { EntryTable } from './entry-table.tsx';

/** docs/product.md "Limits" "Debug polling". */
const POLL_MS = 2000;

const snapshot = () => ({ cookies: readCookies(), storage: readLocalStorage(), at: new Date() });

/** `/test-dashboard` (docs/product.md "Screens"): cookies and local storage, read again every 2 s. */
export function TestDashboardPage() {
  const [state, setState] = useState(snapshot);
  useEffect(() => {
    const timer = setInterval(() => setState(snapshot()), POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <PageLayout title="Test dashboard" wide>
      <p className="page__note" aria-live="polite">
        Last checked at {state.at.toLocaleTimeString('en-US')}; refreshes every 2 seconds.
      </p>
      <EntryTable caption="Cookies" entries={state.cookies} empty="No cookies are visible to this page." />
      <EntryTable caption="Local storage" entries={state.storage} empty="Local storage is empty." />
    </PageLayout>
  );
}
