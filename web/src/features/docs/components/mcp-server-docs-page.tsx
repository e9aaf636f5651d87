import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CopyButton } from '../../../components/copy-button.tsx';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { useDrawnInBrowser } from '../../../lib/painted.ts';
import { body, intro, title } from '../content/mcp-server.md';

/**
 * The documentation page for third-party agents (docs/product.md "Agent interface"), written in
 * content/mcp-server.md and rendered to HTML at build (web/build/docs-markdown.ts, which also checks
 * it holds nothing but safe elements). Here the examples get this server's address, and each code
 * block a Copy button.
 *
 * Painted at build (docs/decisions/062-painted-first-views.md), where the address is unknown, the page is its
 * layout, heading and opening paragraph (which names the transports by path): hydrating reads the same from
 * `useDrawnInBrowser` (lib/painted.ts), so React takes the painted HTML over as it is
 * (098-hydrated-first-views.md), then adds the rest with this address.
 */
export function McpServerDocsPage() {
  const inBrowser = useDrawnInBrowser();
  // window.location.origin is a scheme, host and port: nothing in it needs escaping in HTML.
  const html = useMemo(() => (inBrowser ? `${intro}${body.replaceAll('{{origin}}', window.location.origin)}` : intro), [inBrowser]);
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
