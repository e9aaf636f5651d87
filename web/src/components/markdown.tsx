import { useEffect, useMemo, useState } from 'react';
import type { renderMarkdown } from './markdown-render.ts';

type Renderer = typeof renderMarkdown;

/**
 * marked and DOMPurify load with the first message shown, not with the page (the home
 * page's first view has no message yet). Once loaded, every later render is synchronous.
 */
let loaded: Renderer | null = null;
let loading: Promise<Renderer> | null = null;
function loadRenderer(): Promise<Renderer> {
  loading ??= import('./markdown-render.ts').then((module) => (loaded = module.renderMarkdown));
  return loading;
}

/** Starts loading the renderer ahead of a page that will show Markdown (its data still on the way). */
export function preloadMarkdown(): void {
  loadRenderer().catch(() => undefined);
}

/**
 * Renders Markdown with `renderMarkdown` (markdown-render.ts); links open in a new tab. Until the
 * renderer has loaded, the text shows as written (React escapes it), so nothing unsanitized is inserted.
 */
export function Markdown({ content, className }: { content: string; className?: string }) {
  const [render, setRender] = useState<Renderer | null>(() => loaded);
  useEffect(() => {
    if (render) return;
    let live = true;
    loadRenderer()
      .then((renderer) => {
        if (live) setRender(() => renderer);
      })
      // A failed chunk load (offline, a new release replaced it) leaves the plain text readable.
      .catch((error: unknown) => console.warn('Loading the Markdown renderer failed:', error instanceof Error ? error.message : error));
    return () => {
      live = false;
    };
  }, [render]);
  const html = useMemo(() => (render ? render(content) : null), [render, content]);
  const classes = `markdown ${className ?? ''}`;
  // Until then the text keeps its line breaks, so a message does not reflow into one paragraph and back.
  if (html === null) return <div className={`${classes} markdown--pending`}>{content}</div>;
  return <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
