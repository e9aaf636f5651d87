import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { readLocal, STORAGE_KEYS } from '../../../lib/storage.ts';
import { useHandOffError } from '../hooks/use-hand-off-error.ts';
import { isLocalPath } from '../utils/redirect-path.ts';
import { problemFromCode, signInErrorText } from '../utils/sign-in-errors.ts';

/** What the app itself passes when finishing a sign-in failed after the provider (a used or expired code). */
interface LoginErrorState {
  message?: string;
}

/**
 * `/login-error?code=…` (docs/product.md "Screens"): where a failed redirect sign-in lands. Says that authentication
 * failed and why (docs/product.md "Errors"), with a link back to sign-in. A cancelled sign-in is silent: the visitor
 * just goes back to where they started.
 */
export function LoginErrorPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const saved = readLocal(STORAGE_KEYS.authRedirectPath);
  const returnTo = saved && isLocalPath(saved) ? saved : '/';
  const code = params.get('code');
  useHandOffError(code);
  const passed = (location.state as LoginErrorState | null)?.message;
  const text = passed ?? signInErrorText(problemFromCode(code));
  if (text === null) return <Navigate to={returnTo} replace />;

  return (
    <PageLayout title="There was an error during authentication" publicPage>
      <section className="panel panel--narrow">
        <p className="banner banner--error" role="alert">
          {text}
        </p>
        <Link className="button button--primary" to="/" state={{ signInRequired: true, returnTo }}>
          Back to sign in
        </Link>
      </section>
    </PageLayout>
  );
}
