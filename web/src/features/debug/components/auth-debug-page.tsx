import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { isAdminUser } from '../../../lib/auth-claims.ts';
import { useAuth } from '../../../lib/auth.tsx';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * `/debug-auth`, the auth debug overlay (docs/product.md "Screens"). The spec checks the email against a fixed admin
 * address; here the server decides (ADMIN_EMAILS or the admin role) and the token's claims say so.
 */
export function AuthDebugPage() {
  const { user } = useAuth();
  return (
    <PageLayout title="Auth debug">
      <aside className="debug-overlay" aria-label="Auth debug overlay">
        {user ? (
          <dl className="facts">
            <dt>Email</dt>
            <dd>{user.email ?? '(none)'}</dd>
            <dt>UID</dt>
            <dd>{user.uid}</dd>
            <dt>Display name</dt>
            <dd>{user.name}</dd>
            <dt>Admin by the server's admin list or role</dt>
            <dd>{yesNo(isAdminUser(user))}</dd>
            <dt>Profile role</dt>
            <dd>{user.role ?? '(none)'}</dd>
            <dt>Profile admin flag</dt>
            <dd>{String(user.admin)}</dd>
          </dl>
        ) : (
          <p>No current user</p>
        )}
      </aside>
    </PageLayout>
  );
}
