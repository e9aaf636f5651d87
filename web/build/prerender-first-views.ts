import path from 'node:path';
import {
  FIRST_VIEW_MARKERS,
  LANDING_FIRST_VIEWS,
  PAGE_CONFIG_ELEMENT_ID,
  PAGE_CONFIG_JSON_TOKEN,
  PAGE_CONFIG_TOKENS,
} from '@unstuck/contract';
import { runnerImport, type Plugin } from 'vite';
import { docsMarkdown } from './docs-markdown.ts';

/** What web/src/app/first-view.tsx exports. */
interface FirstViewModule {
  homeFirstView: string;
  docsFirstView: string;
}

/**
 * Paints pages before any script runs (docs/decisions/062-painted-first-views.md). At build,
 * the home route for a first-time visitor is rendered to HTML inside index.html's `#root`, between
 * FIRST_VIEW_MARKERS, with the configuration's placeholders; the title and a JSON element with the
 * page's configuration get placeholders too. The top of the agents' documentation page is rendered the
 * same way into its own file (LANDING_FIRST_VIEWS), which the server puts into `#root` for that page.
 * The server fills the placeholders in once at start (server/src/modules/site/web-app.ts). The browser
 * hydrates the painted page for a visitor it was painted for (docs/decisions/098-hydrated-first-views.md).
 */
export function prerenderFirstViews(): Plugin {
  let views: Promise<FirstViewModule> | undefined;
  const load = () => {
    views ??= runnerImport<FirstViewModule>(path.join(import.meta.dirname, '../src/app/first-view.tsx'), {
      configFile: false,
      logLevel: 'error',
      plugins: [docsMarkdown()],
      oxc: { jsx: { runtime: 'automatic' } },
    }).then(({ module }) => module);
    return views;
  };
  return {
    name: 'unstuck:prerender-first-views',
    // The browser's build only: the server half (vite.config.ts `ssr`) has no index.html to paint.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: LANDING_FIRST_VIEWS['/docs/mcp-server'], source: (await load()).docsFirstView });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const painted = (await load()).homeFirstView;
        if (!html.includes('<div id="root"></div>'))
          throw new Error('prerender-first-views: index.html has no empty <div id="root"></div>');
        return html
          .replace('<div id="root"></div>', `<div id="root">${FIRST_VIEW_MARKERS.start}${painted}${FIRST_VIEW_MARKERS.end}</div>`)
          .replace(/<title>[^<]*<\/title>/, `<title>${PAGE_CONFIG_TOKENS.productName}</title>`)
          .replace('</head>', `<script type="application/json" id="${PAGE_CONFIG_ELEMENT_ID}">${PAGE_CONFIG_JSON_TOKEN}</script></head>`);
      },
    },
  };
}
