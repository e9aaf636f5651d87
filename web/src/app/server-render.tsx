import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SHARED_TASK_ELEMENT_ID, type PublicConfig, type SharedTaskOutcome } from '@unstuck/contract';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { productConfigQueryKey } from '../lib/product-config.ts';
import { seedSharedTask } from '../features/task-share/api/shared-task-in-page.ts';
import { Pages, routesUnder } from './router.tsx';
import { SignedOutLayout } from './signed-out.tsx';

export { shareFailureFor } from '../features/task-share/utils/share-errors.ts';

/** The app's routes for a first visit: the share page is public, and the server has no visitor's sign-in. */
const signedOutRoutes = routesUnder(<SignedOutLayout />);

/** A share page painted on the server: `#root`'s content, what goes before `</head>`, and the document title. */
export interface PaintedSharePage {
  root: string;
  head: string;
  title: string;
}

/**
 * The share page for `outcome` as the browser draws it, as HTML (run by the server per request, never in the
 * browser; docs/decisions/097-share-page-painted-on-the-server.md): the app's own routes and components
 * over a query cache holding the outcome, so that the browser, given the same outcome (`head`'s JSON
 * element, shared-task-in-page.ts), hydrates the HTML instead of drawing it again. Each call has its own
 * cache: nothing of one visitor's page reaches another's.
 */
export async function renderSharePage(outcome: SharedTaskOutcome, config: PublicConfig): Promise<PaintedSharePage> {
  const client = new QueryClient();
  client.setQueryData(productConfigQueryKey, config);
  seedSharedTask(client, outcome);
  // Waits for the lazy page module, unlike renderToString, which would paint the spinner.
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouter location={`/task-share/${encodeURIComponent(outcome.token)}`}>
          <Pages table={signedOutRoutes} />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  const root = await new Response(prelude).text();
  client.clear();
  const json = JSON.stringify(outcome).replaceAll('<', '\\u003c');
  return {
    root,
    head: `<script type="application/json" id="${SHARED_TASK_ELEMENT_ID}">${json}</script>`,
    title: `${'shared' in outcome ? outcome.shared.task.title : 'Shared task'} · ${config.productName}`,
  };
}
