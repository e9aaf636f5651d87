import { useLocation } from 'react-router';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { NotFound } from '../../components/not-found.tsx';

/** A path no page answers (the server sends it with HTTP 404): what happened and where to go instead. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageLayout title="Page not found">
      <NotFound text={`There is no page at ${pathname}. The link may be mistyped or out of date.`} />
    </PageLayout>
  );
}
