import type { AuthUser } from '../../../lib/auth.tsx';
import { PageLayout } from '../../../components/layout/page-layout.tsx';

/** The admin area for an administrator. Its tabs (users, conversations, API keys, tasks) come with the admin issue. */
export function AdminShell({ user }: { user: AuthUser }) {
  return (
    <PageLayout title="Admin dashboard">
      <section className="panel">
        <p>
          Signed in as <strong>{user.name}</strong>
          {user.email ? ` (${user.email})` : ''}, an administrator.
        </p>
        <p className="page__note">The admin tools (users, user conversations, API keys and tasks) are not built yet; they come next.</p>
      </section>
    </PageLayout>
  );
}
