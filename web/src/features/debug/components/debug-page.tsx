import { Link } from 'react-router';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { DebugDiagnostics } from './debug-diagnostics.tsx';

/** The professional network of docs/product.md "Screens", configured with LINKEDIN_CLIENT_ID. */
const PROFESSIONAL_NETWORK = 'linkedin';

/** `/debug` (docs/product.md "Screens"): direct login through the professional network, a link home, the other test pages and diagnostics. */
export function DebugPage() {
  return (
    <PageLayout title="Debug" wide>
      <nav className="link-list" aria-label="Debug links">
        <Link to={`/login/${PROFESSIONAL_NETWORK}`}>Sign in directly with LinkedIn</Link>
        <Link to="/">Home</Link>
        <Link to="/debug-auth">Auth debug</Link>
        <Link to="/redirect-test">Redirect test</Link>
        <Link to="/old-test-dashboard">Cookie debug dashboard</Link>
        <Link to="/test-dashboard">Test dashboard</Link>
        <Link to="/minimal-dashboard">Minimal dashboard</Link>
      </nav>
      <DebugDiagnostics />
    </PageLayout>
  );
}
