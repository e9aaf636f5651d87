import { QueryClient } from '@tanstack/react-query';
import { PAGE_CONFIG_TOKENS } from '@unstuck/contract';
import { productConfigQueryKey } from '../lib/product-config.ts';
import { paintRoute } from './server-render.tsx';

/**
 * The app's page at `location` as a first-time visitor sees it, as HTML the browser hydrates, with the
 * configuration's placeholders (PAGE_CONFIG_TOKENS) where configured texts go; the server fills them in.
 */
async function renderFirstView(location: string): Promise<string> {
  const client = new QueryClient();
  client.setQueryData(productConfigQueryKey, PAGE_CONFIG_TOKENS);
  const html = await paintRoute(location, client);
  client.clear();
  return html;
}

// Painted as the module loads: the build's module runner (web/build/prerender-first-views.ts) closes once the
// import has resolved, and a lazy page imports its module while it is painted.

/**
 * The home page as a first-time visitor sees it (run by the web build, never in the browser;
 * docs/decisions/062-painted-first-views.md, 098-hydrated-first-views.md). The real routes render it,
 * so that the browser, for such a visitor, hydrates the painted page rather than drawing it again.
 */
export const homeFirstView: string = await renderFirstView('/');

/** The agents' documentation page (`/docs/mcp-server`), painted the same way: its layout, heading and opening. */
export const docsFirstView: string = await renderFirstView('/docs/mcp-server');
