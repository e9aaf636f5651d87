import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useSession } from '../api/get-session.ts';

const NOT_AUTHENTICATED = 'Not authenticated. Please log in again.';

/**
 * `/minimal-dashboard` (docs/product.md "Screens"): takes a `?token=` and removes it from the URL, then shows the
 * server's profile of that token's user (`GET /api/session`), or of the signed-in user without
 * one. A handed token is only looked at, never stored: a link must not sign this browser in as
 * somebody else (login CSRF).
 */
export function MinimalDashboardPage() {
  const { token } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Kept for this page view only: the URL loses it below.
  const [handedToken] = useState(() => params.get('token'));

  useEffect(() => {
    if (!params.has('token')) return;
    // A token must not stay in the address bar, the history or a shared link.
    const rest = new URLSearchParams(params);
    rest.delete('token');
    const query = rest.toString();
    void navigate({ search: query ? `?${query}` : '' }, { replace: true });
  }, [params, navigate]);

  const session = useSession(handedToken ?? token);
  const user = session.data?.user;
  let body;
  if (session.isPending) body = <p role="status">Loading...</p>;
  else if (session.error) {
    body = (
      <p className="banner banner--error" role="alert">
        {isApiError(session.error) && session.error.code === 'unauthenticated' ? NOT_AUTHENTICATED : session.error.message}
      </p>
    );
  } else if (user) {
    body = (
      <dl className="facts">
        <dt>Name</dt>
        <dd>{user.name ?? '(none)'}</dd>
        <dt>Email</dt>
        <dd>{user.email ?? '(none)'}</dd>
        <dt>Handle</dt>
        <dd>{user.handle ?? '(none)'}</dd>
        <dt>userCategory</dt>
        <dd>{user.userCategory ?? '(none)'}</dd>
        <dt>Skills</dt>
        <dd>{user.skills.length > 0 ? user.skills.join(', ') : '(none)'}</dd>
        <dt>Location</dt>
        <dd>{user.location ?? '(none)'}</dd>
      </dl>
    );
  }
  return (
    <PageLayout title="Minimal dashboard">
      {handedToken !== null && (
        <p className="banner" role="note">
          Showing the token from the link. It was not stored: this browser&apos;s own sign-in is unchanged.
        </p>
      )}
      {body}
    </PageLayout>
  );
}
