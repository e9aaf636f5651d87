import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/layout/page-layout.tsx';

/** `/redirect-test` (docs/product.md "Screens"): shows the `status` and `message` a redirect brought back. */
export function RedirectTestPage() {
  const [params] = useSearchParams();
  const status = params.get('status');
  const message = params.get('message');
  return (
    <PageLayout title="Redirect test">
      {status || message ? (
        <dl className="facts">
          <dt>Status</dt>
          <dd>{status ?? '(none)'}</dd>
          <dt>Message</dt>
          <dd>{message ?? '(none)'}</dd>
        </dl>
      ) : (
        <p>No redirect result yet.</p>
      )}
      {/* A full page load: the server's redirect is what is being tested. */}
      <a className="button button--secondary" href="/api/test-redirect">
        Run the redirect test
      </a>
    </PageLayout>
  );
}
