import { useState } from 'react';
import { useLocation } from 'react-router';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { rememberPreAuthState } from '../../../lib/storage.ts';

/** docs/product.md "Screens" "Admin dashboard": what a signed-out visitor sees on an admin path, to sign in there. */
export function AdminSignInRequired() {
  const { signIn } = useAuth();
  const location = useLocation();
  const [failed, setFailed] = useState(false);

  // No busy state: a popup the visitor closed may never report back.
  const start = async () => {
    setFailed(false);
    // Back to this admin page after a redirect sign-in; no chat to restore here (docs/product.md "Entities").
    rememberPreAuthState(`${location.pathname}${location.search}`, null);
    try {
      await signIn();
    } catch (error) {
      console.warn('Admin sign-in failed:', error instanceof Error ? error.message : error);
      setFailed(true);
    }
  };

  return (
    <PageLayout title="Administrator Sign In Required">
      <section className="panel panel--narrow">
        <p>The admin area is for administrators. Sign in with an administrator account to continue.</p>
        {failed ? (
          <p className="banner banner--error" role="alert">
            Sign-in failed. Please try again.
          </p>
        ) : null}
        <button type="button" className="button button--primary" onClick={() => void start()}>
          Sign in
        </button>
      </section>
    </PageLayout>
  );
}
