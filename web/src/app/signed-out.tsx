import { Outlet } from 'react-router';
import { AuthContext, type AuthContextValue } from '../lib/auth.tsx';

const notOnTheServer = () => Promise.reject(new Error('A page painted ahead of the browser has no sign-in'));

/**
 * A visitor the page knows nothing about yet: not signed in, nothing stored. Pages painted before the
 * browser runs (the build's first views, first-view.tsx; the server's share page, server-render.tsx) are
 * drawn for them.
 */
export const firstVisit: AuthContextValue = {
  status: 'ready',
  user: null,
  token: null,
  signIn: notOnTheServer,
  acceptToken: () => undefined,
  signOut: notOnTheServer,
  refresh: () => Promise.resolve(null),
};

/** RootLayout's place in a page painted ahead of the browser: the same routes, for a first visit. */
export function SignedOutLayout() {
  return (
    <AuthContext value={firstVisit}>
      <Outlet />
    </AuthContext>
  );
}
