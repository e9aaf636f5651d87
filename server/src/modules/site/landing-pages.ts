import { LANDING_FIRST_VIEWS } from '@unstuck/contract';

/** The share page's route (web/src/app/router.tsx): its landing entry is found by this key, not by a path. */
export const SHARE_PAGE_ROUTE = '/task-share/:shareToken';

/** One chunk of Vite's build manifest (`web/dist/.vite/manifest.json`), keyed by source path or chunk name. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** What a landing page adds to the app's page: `<link rel="modulepreload">` elements, and its painted top (unfilled) or null. */
export interface LandingPage {
  preloads: string;
  firstView: string | null;
}

/**
 * Public pages a visitor lands on from outside (a link, a search result) whose code loads only after the
 * app's entry has run: preloading it with the page takes a round trip out of their first paint, and a
 * painted top shows before any script runs (docs/decisions/062-painted-first-views.md).
 * Keys are the app's routes (web/src/app/router.tsx), values the modules they load: the page's, and for the
 * share page (painted per request, share-page.ts) the Markdown renderer its messages need.
 */
const LANDING_PAGES: Record<string, string[]> = {
  '/docs/mcp-server': ['src/features/docs/components/mcp-server-docs-page.tsx'],
  '/docs/api': ['src/features/docs/components/api-reference-page.tsx'],
  [SHARE_PAGE_ROUTE]: ['src/features/task-share/components/shared-task-page.tsx', 'src/components/markdown-render.ts'],
};

/** Every chunk `key` imports, itself included, following static imports. */
function chunkClosure(manifest: BuildManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) chunkClosure(manifest, imported, into);
  return into;
}

/**
 * The landing pages of this build: for each, the files of its page module and what that imports, less
 * what the entry (`index.html`) loads anyway, as preload links; and its painted top (LANDING_FIRST_VIEWS).
 * @param firstViewOf reads a file of the web build, or null when the build has none by that name.
 * @returns route path → what to add; pages the manifest does not know are left out.
 */
export function landingPages(manifest: BuildManifest, firstViewOf: (file: string) => string | null): Map<string, LandingPage> {
  const entry = chunkClosure(manifest, 'index.html');
  const pages = new Map<string, LandingPage>();
  for (const [route, sources] of Object.entries(LANDING_PAGES)) {
    if (!sources.every((source) => manifest[source])) continue;
    const closure = new Set<string>();
    for (const source of sources) chunkClosure(manifest, source, closure);
    const files = [...closure].filter((key) => !entry.has(key)).map((key) => manifest[key]!.file);
    const firstViewFile = (LANDING_FIRST_VIEWS as Record<string, string>)[route];
    pages.set(route, {
      preloads: files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(''),
      firstView: firstViewFile ? firstViewOf(firstViewFile) : null,
    });
  }
  return pages;
}
