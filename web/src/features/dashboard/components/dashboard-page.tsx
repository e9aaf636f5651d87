import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { isAdminUser } from '../../../lib/auth-claims.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { DashboardUser } from './dashboard-user.tsx';

/**
 * The signed-in user's dashboard (spec §2 "Dashboard"), /dashboard and /experts. For now its
 * header and the quick links; profile details and jobs come with the profile and job issues.
 */
export function DashboardPage() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  if (!user) return <p role="status">Loading...</p>;

  const logOut = async () => {
    try {
      await signOut();
      await navigate('/');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <PageLayout title="Dashboard" actions={<DashboardUser user={user} onLogOut={() => void logOut()} />}>
      {error ? (
        <p className="banner banner--error" role="alert">
          {error}
        </p>
      ) : null}
      <nav className="quick-actions" aria-label="Quick actions">
        <Link className="button button--secondary" to="/edit-profile">
          Edit Profile
        </Link>
        <Link className="button button--secondary" to="/messages">
          Messages
        </Link>
        <Link className="button button--secondary" to="/submit-job">
          Submit New Job
        </Link>
        {user.expert || isAdminUser(user) ? (
          <Link className="button button--secondary" to="/expert-queue">
            Expert Queue
          </Link>
        ) : null}
      </nav>
      <p className="page__note">Your profile details and jobs will show here once profiles and job submission are built.</p>
    </PageLayout>
  );
}
