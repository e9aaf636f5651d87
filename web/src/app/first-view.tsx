import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PAGE_CONFIG_TOKENS } from '@unstuck/contract';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AuthContext } from '../lib/auth.tsx';
import { productConfigQueryKey } from '../lib/product-config.ts';
import { McpServerDocsFirstView } from '../features/docs/components/mcp-server-docs-page.tsx';
import HomeRoute from './routes/home.tsx';
import { firstVisit } from './signed-out.tsx';

/** A page as a first-time visitor sees it at `location`, as static HTML with the configuration's placeholders. */
function renderFirstView(location: string, page: ReactNode): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(productConfigQueryKey, PAGE_CONFIG_TOKENS);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <AuthContext value={firstVisit}>
        <StaticRouter location={location}>{page}</StaticRouter>
      </AuthContext>
    </QueryClientProvider>,
  );
}

/**
 * The home page as a first-time visitor sees it, as static HTML (run by the web build, never in the
 * browser; docs/decisions/062-painted-first-views.md). The real route renders it, so the
 * painted page and the one React draws over it are the same; configured texts are the
 * PAGE_CONFIG_TOKENS placeholders the server fills in.
 */
export function renderHomeFirstView(): string {
  return renderFirstView('/', <HomeRoute />);
}

/** The top of the agents' documentation page (`/docs/mcp-server`), painted the same way. */
export function renderDocsFirstView(): string {
  return renderFirstView('/docs/mcp-server', <McpServerDocsFirstView />);
}
