// What the home page's first view downloads, gzipped (issue #12 "Lean first page"): the entry
// script and the module preloads that web/dist/index.html names. Lazy pages and libraries load
// later and do not count. Fails when the sum passes BUDGET_KB.
//
// What keeps it under (docs/decisions/019-lean-first-page.md): the React code runs on Preact's
// compat layer (~8 KB gz instead of React 19's ~67 KB); the first view's API calls use the
// contract's types, not its zod schemas (zod and the schemas load with the pages that validate);
// pages, markdown and the sanitizer load on demand. React Router and TanStack Query (~41 KB gz)
// are the largest part left.
//
// The budget alone would not notice zod's runtime coming back (~26 KB gz would still fit), so the
// chunks that only lazy code may load (web/vite.config.ts names them) must not be in the first view.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
/** Chunk groups of web/vite.config.ts that the first view must not load: zod and the markdown renderer. */
const LAZY_ONLY = ['zod', 'markdown'];

const dist = join(import.meta.dirname, '..', 'web', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

/** The src/href of each entry script and modulepreload link in index.html, in document order. */
const firstView = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((match) => match[1]);

if (firstView.length === 0) {
  console.error('check-web-budget: no entry script found in web/dist/index.html (run the web build first)');
  process.exit(1);
}

let total = 0;
for (const path of firstView) {
  // Level 9 as scripts/compress-web.mjs serves it; the figure is what travels over the wire.
  const size = gzipSync(readFileSync(join(dist, path.replace(/^\//, ''))), { level: 9 }).length;
  total += size;
  console.log(`  ${(size / 1000).toFixed(1).padStart(6)} KB gz  ${path}`);
}
const totalKb = total / 1000;
console.log(`First view: ${totalKb.toFixed(1)} KB gz JS (budget ${BUDGET_KB} KB)`);
if (totalKb > BUDGET_KB) {
  console.error(`check-web-budget: the first view's JS (${totalKb.toFixed(1)} KB gz) is above the budget of ${BUDGET_KB} KB`);
  process.exit(1);
}
const lazyInFirstView = firstView.filter((path) => LAZY_ONLY.some((name) => path.startsWith(`/assets/${name}-`)));
if (lazyInFirstView.length > 0) {
  console.error(`check-web-budget: the first view loads ${lazyInFirstView.join(', ')}, which only lazy pages may load (decision 019)`);
  process.exit(1);
}
