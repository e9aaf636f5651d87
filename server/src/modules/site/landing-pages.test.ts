import { describe, expect, it } from 'vitest';
import { landingPages, SHARE_PAGE_ROUTE, type BuildManifest } from './landing-pages.ts';

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

describe('landing pages', () => {
  it("preload a landing page's module and what it imports, less what the entry loads anyway, with its painted top", () => {
    const read: string[] = [];
    const pages = landingPages(manifest, (file) => (read.push(file), '<main>top</main>'));
    expect(pages.get('/docs/mcp-server')).toEqual({
      preloads:
        '<link rel="modulepreload" crossorigin href="/assets/mcp-server-docs-page-e.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/zod-d.js">',
      firstView: '<main>top</main>',
    });
    expect(read).toEqual(['first-views/docs-mcp-server.html']);
  });

  it("preload the share page's module with the Markdown renderer its messages need, and paint it per request", () => {
    const withShare: BuildManifest = {
      ...manifest,
      'src/features/task-share/components/shared-task-page.tsx': { file: 'assets/shared-task-page-f.js', imports: ['_react-b.js'] },
      'src/components/markdown-render.ts': { file: 'assets/markdown-render-g.js', imports: ['_markdown-h.js'] },
      '_markdown-h.js': { file: 'assets/markdown-h.js' },
    };
    expect(landingPages(withShare, () => null).get(SHARE_PAGE_ROUTE)).toEqual({
      preloads:
        '<link rel="modulepreload" crossorigin href="/assets/shared-task-page-f.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/markdown-render-g.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/markdown-h.js">',
      firstView: null,
    });
  });

  it('leave out a page the build does not have', () => {
    expect(landingPages(manifest, () => null).has('/docs/api')).toBe(false);
    expect(landingPages({}, () => null).size).toBe(0);
  });
});
