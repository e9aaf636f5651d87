import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CopyButton } from '../../../components/copy-button.tsx';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { body, intro, title } from '../content/mcp-server.md';

/**
 * The top of the page as its HTML paints it before any script runs (web/build/prerender-first-views.ts,
 * docs/decisions/062-painted-first-views.md): the same layout, heading and opening paragraph
 * the page then draws over it, so nothing moves when it does.
 */
export function McpServerDocsFirstView() {
  return (
    <PageLayout title={title} wide publicPage>
      <div className="docs" dangerouslySetInnerHTML={{ __html: intro }} />
    </PageLayout>
  );
}

/**
 * The documentation page for third-party agents (docs/product.md "Agent interface"), written in
 * content/mcp-server.md and rendered to HTML at build (web/build/docs-markdown.ts, which also checks
 * it holds nothing but safe elements). Here the examples get this server's address, and each code
 * block a Copy button.
 */
export function McpServerDocsPage() {
  // window.location.origin is a scheme, host and port: nothing in it needs escaping in HTML.
  const html = useMemo(() => `${intro}${body.replaceAll('{{origin}}', window.location.origin)}`, []);
  const docs = useRef<HTMLDivElement>(null);
  const [snippets, setSnippets] = useState<HTMLElement[]>([]);
  useLayoutEffect(() => setSnippets([...(docs.current?.querySelectorAll<HTMLElement>('.docs__snippet') ?? [])]), [html]);
  return (
    <PageLayout title={title} wide publicPage>
      <div className="docs" ref={docs} dangerouslySetInnerHTML={{ __html: html }} />
      {snippets.map((snippet) =>
        createPortal(
          <CopyButton
            text={snippet.querySelector('pre')?.textContent ?? ''}
            label="Copy"
            className="button button--ghost button--small docs__copy"
          />,
          snippet,
          snippet.querySelector('pre')?.getAttribute('aria-label') ?? undefined,
        ),
      )}
    </PageLayout>
  );
}
