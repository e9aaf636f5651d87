import type { PublicConfig } from './site.ts';

/**
 * The home page's first view is painted from `web/dist/index.html` before any script runs
 * (docs/decisions/062-painted-first-views.md). The build writes these placeholders where
 * configured text goes; the server puts the configuration in their place (HTML-escaped) once at
 * start, and the same values as JSON in the element `PAGE_CONFIG_ELEMENT_ID`, which the web app reads
 * instead of asking `GET /api/config`.
 */
export const PAGE_CONFIG_TOKENS = {
  productName: '__UNSTUCK_PRODUCT_NAME__',
  aiName: '__UNSTUCK_AI_NAME__',
  hourlyRate: '__UNSTUCK_HOURLY_RATE__',
} as const satisfies Record<keyof PublicConfig, string>;

/** The id of the `<script type="application/json">` element holding the page's PublicConfig. */
export const PAGE_CONFIG_ELEMENT_ID = 'public-config';

/** The placeholder of that element's JSON text. */
export const PAGE_CONFIG_JSON_TOKEN = '__UNSTUCK_PUBLIC_CONFIG__';

/** Comments around the painted first view inside `#root`; the server drops it for pages other than /. */
export const FIRST_VIEW_MARKERS = { start: '<!--first-view-->', end: '<!--/first-view-->' } as const;

/**
 * Pages other than home that arrive painted: route → the file of the web build (under web/dist) holding
 * the HTML the server puts into `#root` for that route (docs/decisions/062-painted-first-views.md).
 */
export const LANDING_FIRST_VIEWS = { '/docs/mcp-server': 'first-views/docs-mcp-server.html' } as const;
