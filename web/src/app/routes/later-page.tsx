import { Link } from 'react-router';
import { PageLayout } from '../../components/layout/page-layout.tsx';

/** A login-required page whose content comes with a later issue: its title and a way back. */
export function LaterPage({ title }: { title: string }) {
  return (
    <PageLayout title={title}>
      <p className="page__note">This page is not built yet.</p>
      <Link to="/dashboard">Back to the dashboard</Link>
    </PageLayout>
  );
}
