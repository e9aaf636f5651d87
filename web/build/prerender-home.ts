import path from 'node:path';
import { FIRST_VIEW_MARKERS, PAGE_CONFIG_ELEMENT_ID, PAGE_CONFIG_JSON_TOKEN, PAGE_CONFIG_TOKENS } from '@unstuck/contract';
import { runnerImport, type Plugin } from 'vite';

/** What web/src/app/first-view.tsx exports. */
interface FirstViewModule {
  renderHomeFirstView: () => string;
}

/**
 * Paints the home page before any script runs (docs/decisions/022-react-and-a-painted-first-view.md):
 * at build, the home route for a first-time visitor is rendered to HTML inside `#root`, between
 * FIRST_VIEW_MARKERS, with the configuration's placeholders; the title and a JSON element with the
 * page's configuration get placeholders too. The server fills them in once at start
 * (server/src/modules/site/web-app.ts). React then draws the same page over it.
 */
export function prerenderHome(): Plugin {
  return {
    name: 'unstuck:prerender-home',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const entry = path.join(import.meta.dirname, '../src/app/first-view.tsx');
        const { module } = await runnerImport<FirstViewModule>(entry, {
          configFile: false,
          logLevel: 'error',
          oxc: { jsx: { runtime: 'automatic' } },
        });
        const painted = module.renderHomeFirstView();
        if (!html.includes('<div id="root"></div>')) throw new Error('prerender-home: index.html has no empty <div id="root"></div>');
        return html
          .replace('<div id="root"></div>', `<div id="root">${FIRST_VIEW_MARKERS.start}${painted}${FIRST_VIEW_MARKERS.end}</div>`)
          .replace(/<title>[^<]*<\/title>/, `<title>${PAGE_CONFIG_TOKENS.productName}</title>`)
          .replace('</head>', `<script type="application/json" id="${PAGE_CONFIG_ELEMENT_ID}">${PAGE_CONFIG_JSON_TOKEN}</script></head>`);
      },
    },
  };
}
