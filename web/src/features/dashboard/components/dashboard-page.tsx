import { Link } from 'react-router';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useInbox } from '../../../lib/inbox.ts';
import { useStaffRoles } from '../../../lib/staff-roles.ts';
import { useProfile } from '../api/get-profile.ts';
import { ActiveJobs } from './active-jobs.tsx';
import { FinishedJobs } from './finished-jobs.tsx';
import { DashboardUser } from './dashboard-user.tsx';
import { ProfileDetails } from './profile-details.tsx';

/**
 * The signed-in user's dashboard (docs/product.md "Dashboard"), /dashboard and /experts: header, quick
 * actions with the real unread count on Messages, profile details, the user's active jobs and the
 * raw profile data. The spec's fixed badge "3" and example job are replaced by real data (README
 * "Deviations").
 */
export function DashboardPage() {
  const { user } = useAuth();
  const inbox = useInbox();
  const profile = useProfile();
  const roles = useStaffRoles(user);
  if (!user) return <p role="status">Loading...</p>;
  const unread = inbox.data?.unread_total ?? 0;

  return (
    <PageLayout title="Dashboard">
      <DashboardUser user={user} />
      <nav className="quick-actions" aria-label="Quick actions">
        <Link className="button button--secondary" to="/edit-profile">
          Edit Profile
        </Link>
        <Link className="button button--secondary" to="/messages" aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}>
          Messages
          {unread > 0 ? (
            <span className="count-badge" aria-hidden="true" data-testid="unread-badge">
              {unread}
            </span>
          ) : null}
        </Link>
        <Link className="button button--secondary" to="/submit-job">
          Submit New Job
        </Link>
        {roles.expert || roles.admin ? (
          <Link className="button button--secondary" to="/expert-queue">
            Expert Queue
          </Link>
        ) : null}
      </nav>
      <ProfileDetails
        profile={profile.data?.profile ?? null}
        expertFields={roles.expert || roles.admin}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
      <ActiveJobs />
      <FinishedJobs />
      <details className="panel raw-profile">
        <summary className="panel__title">Raw profile data</summary>
        <pre className="raw-profile__data">{JSON.stringify({ user, profile: profile.data?.profile ?? null }, null, 2)}</pre>
      </details>
    </PageLayout>
  );
}
