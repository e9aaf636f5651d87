// What the home page's first view downloads, gzipped: the entry script and the module preloads that
// web/dist/index.html names. Lazy pages and libraries load later and do not count. Fails when the
// sum passes BUDGET_KB, when the first view does not run React, or when it loads a lazy-only chunk.
//
// What keeps it under (docs/decisions/022-react-19.md, 056-types-not-schemas-in-the-first-view.md and
// 062-painted-first-views.md): React 19 (~68 KB gz)
// and React Router with TanStack Query (~41 KB gz) are most of it; the first view's API calls use
// the contract's types, not its zod schemas (zod and the schemas load with the pages that validate);
// pages, modals opened later, markdown and the sanitizer load on demand. The page itself is painted
// from index.html before any of it runs.
//
// The budget alone would not notice zod's runtime coming back (~26 KB gz), so the chunks that only
// lazy code may load (web/vite.config.ts names them) must not be in the first view. Nor would it
// notice a lighter runtime standing in for React (decision 017, superseded): React's client
// internals must be in the first view.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 130;
/** Chunk groups of web/vite.config.ts that the first view must not load: zod and the markdown renderer. */
const LAZY_ONLY = ['zod', 'markdown'];
/** Exported by react (and read by react-dom) 19 only: a compat layer such as preact/compat has neither. */
const REACT_MARKER = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';

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
let runsReact = false;
for (const path of firstView) {
  const code = readFileSync(join(dist, path.replace(/^\//, '')));
  // Level 9 as scripts/compress-web.mjs serves it; the figure is what travels over the wire.
  const size = gzipSync(code, { level: 9 }).length;
  total += size;
  runsReact ||= code.includes(REACT_MARKER);
  console.log(`  ${(size / 1000).toFixed(1).padStart(6)} KB gz  ${path}`);
}
const totalKb = total / 1000;
console.log(`First view: ${totalKb.toFixed(1)} KB gz JS (budget ${BUDGET_KB} KB), ${runsReact ? 'React' : 'not React'}`);
const failures = [];
if (totalKb > BUDGET_KB) failures.push(`the first view's JS (${totalKb.toFixed(1)} KB gz) is above the budget of ${BUDGET_KB} KB`);
if (!runsReact) failures.push('the first view does not run React 19 (its client internals are missing: is a compat layer aliased?)');
const lazyInFirstView = firstView.filter((path) => LAZY_ONLY.some((name) => path.startsWith(`/assets/${name}-`)));
if (lazyInFirstView.length > 0) failures.push(`the first view loads ${lazyInFirstView.join(', ')}, which only lazy pages may load`);
for (const failure of failures) console.error(`check-web-budget: ${failure}`);
if (failures.length > 0) process.exit(1);
