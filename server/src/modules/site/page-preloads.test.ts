import { describe, expect, it } from 'vitest';
import { landingPagePreloads, type BuildManifest } from './page-preloads.ts';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-a.js', imports: ['_react-b.js', '_common-c.js'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_common-c.js': { file: 'assets/common-c.js' },
  '_zod-d.js': { file: 'assets/zod-d.js', imports: ['_common-c.js'] },
  'src/features/docs/components/mcp-server-docs-page.tsx': {
    file: 'assets/mcp-server-docs-page-e.js',
    imports: ['_zod-d.js', 'index.html', '_react-b.js'],
  },
};

describe('landing page preloads', () => {
  it("preload a landing page's module and what it imports, less what the entry loads anyway", () => {
    expect(landingPagePreloads(manifest).get('/docs/mcp-server')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/mcp-server-docs-page-e.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/zod-d.js">',
    );
  });

  it('leave out a page the build does not have', () => {
    expect(landingPagePreloads(manifest).has('/docs/api')).toBe(false);
    expect(landingPagePreloads({}).size).toBe(0);
  });
});
