import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../components/spinner.tsx';
import { useDebugPagesEnabled } from '../../features/debug/api/ping.ts';

/**
 * A debug or test page (docs/product.md "Screens" "Debug"): it exists only when the server's debug calls do
 * (DEBUG_PAGES, probed with GET /api/ping); otherwise the path is unknown and goes to /.
 */
export function DebugOnly({ children }: { children: ReactNode }) {
  const enabled = useDebugPagesEnabled();
  if (enabled === undefined) return <PageSpinner />;
  return enabled ? children : <Navigate to="/" replace />;
}
