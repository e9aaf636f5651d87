import type { AuthUser } from '../../../lib/auth.tsx';

/** Photo (or initial), name, email and Sign out of the signed-in user (spec §2). */
export function ProfileStrip({ user, onSignOut }: { user: AuthUser; onSignOut: () => void }) {
  return (
    <div className="profile-strip">
      {user.photoURL ? (
        <img className="profile-strip__photo" src={user.photoURL} alt="" referrerPolicy="no-referrer" />
      ) : (
        <span className="profile-strip__photo profile-strip__photo--initial" aria-hidden="true">
          {user.name.charAt(0).toUpperCase()}
        </span>
      )}
      <span className="profile-strip__who">
        <span className="profile-strip__name">{user.name}</span>
        {user.email ? <span className="profile-strip__email">{user.email}</span> : null}
      </span>
      <button type="button" className="button button--ghost button--small" onClick={onSignOut}>
        Sign out
      </button>
    </div>
  );
}
