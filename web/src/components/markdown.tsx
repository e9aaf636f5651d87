import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { renderMarkdown } from './markdown-render.ts';

type Renderer = typeof renderMarkdown;

/**
 * marked and DOMPurify load with the first message shown, not with the page (the home
 * page's first view has no message yet). Once loaded, every later render is synchronous.
 */
let loaded: Renderer | null = null;
let loading: Promise<Renderer> | null = null;
const listeners = new Set<() => void>();
function loadRenderer(): Promise<Renderer> {
  loading ??= import('./markdown-render.ts').then((module) => {
    loaded = module.renderMarkdown;
    for (const listener of listeners) listener();
    return loaded;
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => loaded;
// A page painted on the server shows the text as written (the server has no sanitizer, and the browser
// has not loaded it yet): hydrating draws the same, then the renderer takes over.
const onServer = () => null;

/** Starts loading the renderer ahead of a page that will show Markdown (its data still on the way). */
export function preloadMarkdown(): void {
  loadRenderer().catch(() => undefined);
}

/**
 * Renders Markdown with `renderMarkdown` (markdown-render.ts); links open in a new tab. Until the
 * renderer has loaded, and on the server, the text shows as written (React escapes it), so nothing
 * unsanitized is inserted.
 */
export function Markdown({ content, className }: { content: string; className?: string }) {
  const render = useSyncExternalStore(subscribe, current, onServer);
  useEffect(() => {
    if (render) return;
    // A failed chunk load (offline, a new release replaced it) leaves the plain text readable.
    loadRenderer().catch((error: unknown) =>
      console.warn('Loading the Markdown renderer failed:', error instanceof Error ? error.message : error),
    );
  }, [render]);
  const html = useMemo(() => (render ? render(content) : null), [render, content]);
  const classes = `markdown ${className ?? ''}`;
  // Until then the text keeps its line breaks, so a message does not reflow into one paragraph and back.
  if (html === null) return <div className={`${classes} markdown--pending`}>{content}</div>;
  return <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
