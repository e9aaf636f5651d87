import type { AuthUser } from '../../../lib/auth.tsx';

/** The dashboard header's right side (spec §2): avatar initial, display name or email, Log Out. */
export function DashboardUser({ user, onLogOut }: { user: AuthUser; onLogOut: () => void }) {
  const label = user.name || user.email || 'User';
  return (
    <div className="profile-strip">
      <span className="profile-strip__photo profile-strip__photo--initial" aria-hidden="true">
        {label.charAt(0).toUpperCase()}
      </span>
      <span className="profile-strip__name">{label}</span>
      <button type="button" className="button button--ghost button--small" onClick={onLogOut}>
        Log Out
      </button>
    </div>
  );
}
