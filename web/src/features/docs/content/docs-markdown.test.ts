import { readFileSync } from 'node:fs';
import { AGENT_RECIPIENT_ID, MCP_TOOLS } from '@unstuck/contract';
import { describe, expect, it } from 'vitest';
import { assertSafeHtml, renderDocsMarkdown } from '../../../../build/docs-markdown.ts';

const page = (body: string) => renderDocsMarkdown(`# Title\n\nOpening.\n\n${body}`);

describe('renderDocsMarkdown (the build of the documentation pages)', () => {
  it('renders the agents page: title, opening, contents of its sections, the tools from the contract, its named code blocks', () => {
    const docs = renderDocsMarkdown(readFileSync(new URL('mcp-server.md', import.meta.url), 'utf8'));
    expect(docs.title).toBe('Message-tool server (MCP) for agents');
    expect(docs.intro).toMatch(/^<p>Agents built elsewhere can do/);
    expect(docs.body).toContain('<nav class="docs__contents" aria-labelledby="docs-contents">');
    expect(docs.body).toContain('<li><a href="#loop">The work loop: wait, read, answer once</a></li>');
    for (const name of Object.keys(MCP_TOOLS)) {
      expect(docs.body).toContain(`<h3 id="tool-${name}"><code>${name}</code></h3>`);
      expect(docs.body).toContain(`role="region" aria-label="Input of ${name}" tabindex="0"><table class="docs__table">`);
    }
    expect(docs.body).toContain(`<code>${AGENT_RECIPIENT_ID}</code>`);
    expect(docs.body).not.toMatch(/\{\{(?!origin\}\})/);
    expect(docs.body).toContain('<pre class="docs__code" tabindex="0" role="region" aria-label="TypeScript SDK client"><code>');
  });

  it('shows raw HTML written in the Markdown as text, and drops links to other schemes', () => {
    const { body } = page('<script>alert(1)</script>\n\n[a link](javascript:alert(1)) and [home](/) and <b>bold</b>');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).not.toContain('href="javascript:');
    expect(body).toContain('<a href="/">home</a>');
    expect(body).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });

  it('refuses a code block or a table without its name', () => {
    expect(() => page('```js\nx\n```')).toThrow(/snippet/);
    expect(() => page('| a |\n| --- |\n| b |')).toThrow(/Table:/);
  });

  it('lets no other element, attribute or link through', () => {
    expect(() => assertSafeHtml('<p><img src="x"></p>')).toThrow(/<img>/);
    expect(() => assertSafeHtml('<p onclick="x()">hi</p>')).toThrow(/onclick/);
    expect(() => assertSafeHtml('<a href="javascript:x()">hi</a>')).toThrow(/javascript/);
    expect(assertSafeHtml('<p><a href="#top">top</a></p>')).toBe('<p><a href="#top">top</a></p>');
  });
});
