import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { docsMarkdown } from './build/docs-markdown.ts';
import { prerenderFirstViews } from './build/prerender-first-views.ts';

// The API server the dev server forwards to (`VITE_API_URL=http://localhost:4000 npm run dev -w web`).
const apiUrl = process.env.VITE_API_URL || 'http://localhost:3000';

// The web app is served by the API server in production (same origin), so the dev server only
// forwards /api, and /oidc for the embedded development sign-in, to a locally running server
// (started with PUBLIC_URL set to this dev server's address, docs/decisions/004-sign-in.md).
//
// React 19 runs the app (docs/decisions/022-react-19.md): the home page's first view stays light by
// painting its hero from index.html before any script runs (062-painted-first-views.md), and by
// keeping zod (056-types-not-schemas-in-the-first-view.md), markdown and every other page out of the
// first view's chunks.
export default defineConfig({
  root: import.meta.dirname,
  // Documentation pages are Markdown made HTML at build (build/docs-markdown.ts).
  plugins: [react(), docsMarkdown(), prerenderFirstViews()],
  // The server half (`vite build --ssr src/app/server-render.tsx`, into dist-ssr) paints the share page
  // per request (docs/decisions/097-share-page-painted-on-the-server.md). It carries its libraries: the
  // production install has no React Router or TanStack Query (they are the browser's, bundled).
  ssr: { noExternal: true },
  resolve: {
    // zod without its `new Function` probe, which the Content-Security-Policy refuses (src/lib/zod-jitless.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/lib/zod-jitless.ts', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server preloads a landing page's own chunks with index.html
    // (server/src/modules/site/page-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Libraries only lazy modules use get their own group: in `vendor` they would join the
        // home page's first view (scripts/check-web-budget.mjs measures it).
        codeSplitting: {
          groups: [
            { name: 'markdown', test: /node_modules[\\/](marked|dompurify)[\\/]/, priority: 4 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 4 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router-query', test: /node_modules[\\/](react-router|@tanstack)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // The Host header stays this server's: sign-in starts only at PUBLIC_URL, and the embedded
      // provider names itself after the host it is asked on (the string shorthand would rewrite it).
      '/api': { target: apiUrl, changeOrigin: false },
      '/oidc': { target: apiUrl, changeOrigin: false },
    },
  },
});
