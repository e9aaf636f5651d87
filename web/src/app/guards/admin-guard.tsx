import { Suspense, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../components/spinner.tsx';
import { AdminSignInRequired } from '../../features/admin/components/admin-sign-in-required.tsx';
import { isAdminUser } from '../../lib/auth-claims.ts';
import { useAuth } from '../../lib/auth.tsx';
import { lazyWhenOnline } from '../../lib/load-when-online.ts';

// The admin pages load only for an administrator (not in the home page's first view).
const AdminShell = lazyWhenOnline(() => import('../../features/admin/components/admin-shell.tsx'), 'AdminShell');

/**
 * Every path starting with /admin (docs/product.md "Screens", "Roles"): signed-out visitors may stay to sign in;
 * a signed-in user's token is first refreshed for the latest claims, then non-admins go to /.
 */
export function AdminGuard() {
  const { status, user, refresh } = useAuth();
  const [checkedUid, setCheckedUid] = useState<string | null>(null);
  const uid = user?.uid ?? null;

  useEffect(() => {
    if (status !== 'ready' || uid === null) return;
    let live = true;
    refresh()
      // Offline or a server error: decide on the claims already held.
      .catch((error: unknown) => console.warn('Refreshing the admin claims failed:', error instanceof Error ? error.message : error))
      .finally(() => {
        if (live) setCheckedUid(uid);
      });
    return () => {
      live = false;
    };
  }, [status, uid, refresh]);

  if (status === 'loading') return <PageSpinner />;
  if (!user) return <AdminSignInRequired />;
  if (checkedUid !== user.uid) return <PageSpinner label="Checking administrator access" />;
  if (!isAdminUser(user)) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <AdminShell user={user} />
    </Suspense>
  );
}
