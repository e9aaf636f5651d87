import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// The API server the dev server forwards to (`VITE_API_URL=http://localhost:4000 npm run dev -w web`).
const apiUrl = process.env.VITE_API_URL || 'http://localhost:3000';

// The web app is served by the API server in production (same origin), so the dev server only
// forwards /api, and /oidc for the embedded development sign-in, to a locally running server
// (started with PUBLIC_URL set to this dev server's address, docs/decisions/004-sign-in.md).
//
// The code is React's (`react` imports, @types/react); it runs on Preact's compat layer, a fifth of
// React's size, so that the home page's first view stays under its budget (issue #12,
// docs/decisions/019-lean-first-page.md says what differs and how to go back to React).
export default defineConfig({
  root: import.meta.dirname,
  // JSX through Preact, with Preact's fast refresh in development; the aliases are ours.
  plugins: [preact({ reactAliasesEnabled: false })],
  resolve: {
    alias: [
      { find: /^react$/, replacement: fileURLToPath(new URL('src/lib/react-on-preact.ts', import.meta.url)) },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Libraries only lazy modules use get their own group: in `vendor` they would join the
        // home page's first view (issue #12; scripts/check-web-budget.mjs measures it).
        codeSplitting: {
          groups: [
            { name: 'markdown', test: /node_modules[\\/](marked|dompurify)[\\/]/, priority: 4 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 4 },
            { name: 'react', test: /node_modules[\\/](preact)[\\/]|react-on-preact/, priority: 3 },
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
