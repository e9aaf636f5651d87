import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { AuthUser } from '../../lib/auth.tsx';
import { ChevronDownIcon } from '../icons.tsx';

/** The signed-in person's photo, or the first letter of their name. */
export function Avatar({ user, size = 32 }: { user: AuthUser; size?: number }) {
  const style = { width: size, height: size };
  return user.photoURL ? (
    <img className="avatar" src={user.photoURL} alt="" referrerPolicy="no-referrer" style={style} />
  ) : (
    <span className="avatar avatar--initial" aria-hidden="true" style={style}>
      {(user.name || user.email || 'U').charAt(0).toUpperCase()}
    </span>
  );
}

/**
 * The avatar button of the app shell and the panel it opens: the profile strip (photo, name and
 * email, docs/product.md "Screens"), Edit Profile and Sign out. A disclosure, not an ARIA menu: Tab moves through it,
 * Escape or a click elsewhere closes it and focus returns to the button.
 */
export function AccountMenu({ user, onSignOut, signingOut }: { user: AuthUser; onSignOut: () => void; signingOut: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A page change (Edit Profile) closes it.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="account" ref={root}>
      <button
        ref={button}
        type="button"
        className="account__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={`Account: ${user.name}`}
        onClick={() => setOpen(!open)}
      >
        <Avatar user={user} />
        <ChevronDownIcon width={16} height={16} className="account__chevron" />
      </button>
      {/* Rendered only while open: closed, its name and email are not on the page twice. */}
      {open ? (
        <div id={panelId} className="account__panel">
          <div className="profile-strip">
            <Avatar user={user} size={40} />
            <span className="profile-strip__who">
              <span className="profile-strip__name">{user.name}</span>
              {user.email ? <span className="profile-strip__email">{user.email}</span> : null}
            </span>
          </div>
          <Link className="account__link" to="/edit-profile">
            Edit Profile
          </Link>
          <button type="button" className="button button--secondary button--wide" onClick={onSignOut} disabled={signingOut}>
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
