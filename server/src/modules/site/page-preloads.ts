/** One chunk of Vite's build manifest (`web/dist/.vite/manifest.json`), keyed by source path or chunk name. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/**
 * Public pages a visitor lands on from outside (a link, a search result) whose code loads only after the
 * app's entry has run: preloading it with the page takes a round trip out of their first paint
 * (docs/decisions/022-react-and-a-painted-first-view.md). Keys are the app's routes
 * (web/src/app/router.tsx), values the page modules they load.
 */
const LANDING_PAGES: Record<string, string> = {
  '/docs/mcp-server': 'src/features/docs/components/mcp-server-docs-page.tsx',
  '/docs/api': 'src/features/docs/components/api-reference-page.tsx',
};

/** Every chunk `key` imports, itself included, following static imports. */
function chunkClosure(manifest: BuildManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) chunkClosure(manifest, imported, into);
  return into;
}

/**
 * The `<link rel="modulepreload">` elements each landing page adds to the app's page: the files of its
 * page module and what that imports, less what the entry (`index.html`) loads anyway.
 * @returns route path → HTML to insert before `</head>`; pages the manifest does not know are left out.
 */
export function landingPagePreloads(manifest: BuildManifest): Map<string, string> {
  const entry = chunkClosure(manifest, 'index.html');
  const preloads = new Map<string, string>();
  for (const [route, source] of Object.entries(LANDING_PAGES)) {
    if (!manifest[source]) continue;
    const files = [...chunkClosure(manifest, source)].filter((key) => !entry.has(key)).map((key) => manifest[key]!.file);
    preloads.set(route, files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(''));
  }
  return preloads;
}
