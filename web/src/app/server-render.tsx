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
 * The app's page at `location` for a first visit, as HTML the browser hydrates (docs/decisions/097-share-page-painted-on-the-server.md,
 * 098-hydrated-first-views.md): the browser's own route table and components under a layout without sign-in,
 * over `client`, in StrictMode as main.tsx renders it. Waits for lazy page modules (React's `prerender`; renderToString
 * would paint their spinner), so a lazy page arrives inside its Suspense boundary's markers and the browser
 * takes it over once its module has loaded.
 */
export async function paintRoute(location: string, client: QueryClient): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouter location={location}>
          <Pages table={signedOutRoutes} />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

/**
 * The share page for `outcome` as the browser draws it, as HTML (run by the server per request, never in the
 * browser): {@link paintRoute} over a query cache holding the outcome, so that the browser, given the same
 * outcome (`head`'s JSON element, shared-task-in-page.ts), hydrates the HTML instead of drawing it again. Each
 * call has its own cache: nothing of one visitor's page reaches another's.
 */
export async function renderSharePage(outcome: SharedTaskOutcome, config: PublicConfig): Promise<PaintedSharePage> {
  const client = new QueryClient();
  client.setQueryData(productConfigQueryKey, config);
  seedSharedTask(client, outcome);
  const root = await paintRoute(`/task-share/${encodeURIComponent(outcome.token)}`, client);
  client.clear();
  const json = JSON.stringify(outcome).replaceAll('<', '\\u003c');
  return {
    root,
    head: `<script type="application/json" id="${SHARED_TASK_ELEMENT_ID}">${json}</script>`,
    title: `${'shared' in outcome ? outcome.shared.task.title : 'Shared task'} · ${config.productName}`,
  };
}
