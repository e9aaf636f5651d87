import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../components/spinner.tsx';
import type { HomeLocationState } from '../../features/chat/components/chat-page.tsx';
import { useAuth } from '../../lib/auth.tsx';

/**
 * A login-required route (docs/product.md "Screens"): a spinner while the sign-in state loads; a signed-out visitor
 * goes to / where the sign-in card shows, and comes back here after signing in there. Somebody who
 * signs out on the page just goes to /.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  const [signedInHere, setSignedInHere] = useState(false);
  if (user && !signedInHere) setSignedInHere(true);
  if (status === 'loading') return <PageSpinner />;
  if (!user) {
    // The home page saves returnTo as auth_redirect_path when the visitor signs in there.
    const state: HomeLocationState | null = signedInHere
      ? null
      : { signInRequired: true, returnTo: `${location.pathname}${location.search}` };
    return <Navigate to="/" replace state={state} />;
  }
  return children;
}
