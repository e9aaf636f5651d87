import { useState, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth.tsx';
import { useInbox } from '../../lib/inbox.ts';
import { useExpertUnread, useStaffRoles } from '../../lib/staff-roles.ts';
import { useOnline } from '../../lib/use-online.ts';
import { ErrorBanner } from '../error-banner.tsx';
import { ChatIcon, GridIcon, InboxIcon, QueueIcon, ShieldIcon } from '../icons.tsx';
import { AccountMenu } from './account-menu.tsx';
import { BrandLink } from './brand-link.tsx';

function NavItem({ to, icon, label, badge = 0 }: { to: string; icon: ReactNode; label: string; badge?: number }) {
  return (
    // Named by aria-label: on a phone the label is hidden and the icon stands alone.
    <NavLink to={to} end={to === '/'} className="nav__link" aria-label={badge > 0 ? `${label}, ${badge} unread` : label}>
      {icon}
      <span className="nav__label">{label}</span>
      {badge > 0 ? (
        <span className="count-badge nav__badge" aria-hidden="true">
          {badge}
        </span>
      ) : null}
    </NavLink>
  );
}

/**
 * The app shell's top bar on every page but the public ones: the product's name, Chat, Messages
 * with the unread count, Dashboard, Expert Queue (experts and admins, as the server says now, not as
 * the token said at sign-in), Admin (admins) and the
 * account menu; signed out, Chat and a "Sign in" link to the home page's sign-in card. `actions`
 * go before the account (the chat's New chat). An offline notice and a failed sign-out show below it.
 */
export function AppHeader({ actions = null, className = '' }: { actions?: ReactNode; className?: string }) {
  const auth = useAuth();
  const { user } = auth;
  const navigate = useNavigate();
  const online = useOnline();
  const inbox = useInbox(user !== null);
  const unread = inbox.data?.unread_total ?? 0;
  const roles = useStaffRoles(user);
  const expertUnread = useExpertUnread(roles.expert || roles.admin);
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await auth.signOut();
      await navigate('/');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <>
      <header className={`topbar ${className}`}>
        <BrandLink />
        <nav className="nav" aria-label="Main">
          <NavItem to="/" icon={<ChatIcon />} label="Chat" />
          {user ? (
            <>
              <NavItem to="/messages" icon={<InboxIcon />} label="Messages" badge={unread} />
              <NavItem to="/dashboard" icon={<GridIcon />} label="Dashboard" />
              {roles.expert || roles.admin ? (
                <NavItem to="/expert-queue" icon={<QueueIcon />} label="Expert Queue" badge={expertUnread} />
              ) : null}
              {roles.admin ? <NavItem to="/admin" icon={<ShieldIcon />} label="Admin" /> : null}
            </>
          ) : null}
        </nav>
        <div className="topbar__actions">
          {actions}
          {user ? (
            <AccountMenu user={user} onSignOut={() => void signOut()} signingOut={signingOut} />
          ) : auth.status === 'ready' ? (
            <Link className="button button--primary button--small" to="/" state={{ signInRequired: true }}>
              Sign in
            </Link>
          ) : null}
        </div>
      </header>
      {online ? null : (
        <p className="offline-notice" role="status">
          You are offline. Nothing can be sent until you are back online: your text stays, with Retry. The page refreshes by itself once you
          are back.
        </p>
      )}
      {error ? (
        <div className="topbar__error">
          <ErrorBanner message={error} onDismiss={() => setError(null)} />
        </div>
      ) : null}
    </>
  );
}
