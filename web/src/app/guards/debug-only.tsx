import type { ReactNode } from 'react';
import { PageSpinner } from '../../components/spinner.tsx';
import { useDebugPagesEnabled } from '../../features/debug/api/ping.ts';
import { UnknownPath } from '../routes/unknown-path.tsx';

/**
 * A debug or test page (docs/product.md "Screens" "Debug"): it exists only when the server's debug calls do
 * (DEBUG_PAGES, probed with GET /api/ping); otherwise the path is unknown: "Page not found".
 */
export function DebugOnly({ children }: { children: ReactNode }) {
  const enabled = useDebugPagesEnabled();
  if (enabled === undefined) return <PageSpinner />;
  return enabled ? children : <UnknownPath />;
}
