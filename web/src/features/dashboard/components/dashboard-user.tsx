import { Avatar } from '../../../components/layout/account-menu.tsx';
import type { AuthUser } from '../../../lib/auth.tsx';

/**
 * The dashboard's greeting (docs/product.md "Dashboard" header): avatar initial and display name or email.
 * Signing out is in the app shell's account menu, with the same wording on every page.
 */
export function DashboardUser({ user }: { user: AuthUser }) {
  const label = user.name || user.email || 'User';
  return (
    <div className="dashboard-user">
      <Avatar user={user} size={48} />
      <div>
        <p className="dashboard-user__name">{label}</p>
        {user.email && user.email !== label ? <p className="dashboard-user__email">{user.email}</p> : null}
      </div>
    </div>
  );
}
