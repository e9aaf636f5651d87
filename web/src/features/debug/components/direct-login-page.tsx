import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { rememberPreAuthState } from '../../../lib/storage.ts';

/**
 * `/login/{provider}` (docs/product.md "Screens"): leaves at once for the server's debug redirect
 * `/api/login/{provider}`, which starts a sign-in with that provider and comes back to /.
 */
export function DirectLoginPage() {
  const { provider = '' } = useParams();
  useEffect(() => {
    // Nothing from an earlier, unfinished sign-in should apply to this one.
    rememberPreAuthState('/', null);
    window.location.replace(`/api/login/${encodeURIComponent(provider)}?${new URLSearchParams({ return_to: '/', mode: 'redirect' })}`);
  }, [provider]);
  return (
    <PageLayout title="Signing in">
      <p role="status">Redirecting to sign-in…</p>
    </PageLayout>
  );
}
