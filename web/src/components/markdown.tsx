import { startTransition, type RefObject, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useDrawnInBrowser } from '../lib/painted.ts';
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
 * Whether the element behind `ref` is on the screen or within a screen's height of it, for a component
 * that was hydrated over a painted page (always true for one drawn in the browser). A painted share
 * page's conversation renders its Markdown as the reader comes to it, not all at once at load (issue 33).
 */
function useNearScreen(ref: RefObject<HTMLElement | null>): boolean {
  // The first render tells a hydrated element from one drawn in the browser; the state keeps what it told.
  const drawnInBrowser = useDrawnInBrowser();
  const [near, setNear] = useState(drawnInBrowser);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * Renders Markdown with `renderMarkdown` (markdown-render.ts); links open in a new tab. Until the
 * renderer has loaded, and on the server, the text shows as written (React escapes it), so nothing
 * unsanitized is inserted. Text hydrated over a painted page keeps showing as written until it nears
 * the screen.
 */
export function Markdown({ content, className }: { content: string; className?: string }) {
  const element = useRef<HTMLDivElement>(null);
  const near = useNearScreen(element);
  const loadedRender = useSyncExternalStore(subscribe, current, onServer);
  // The renderer arriving (or a hydrated page taking the browser's snapshot) re-renders every message on the
  // page at once: deferred, React renders them in the background in short slices, so a long conversation does
  // not block the page in one long task (issue 33). A message drawn after the renderer loaded renders at once.
  const render = useDeferredValue(near ? loadedRender : null);
  useEffect(() => {
    if (loadedRender) return;
    // A failed chunk load (offline, a new release replaced it) leaves the plain text readable.
    loadRenderer().catch((error: unknown) =>
      console.warn('Loading the Markdown renderer failed:', error instanceof Error ? error.message : error),
    );
  }, [loadedRender]);
  const html = useMemo(() => (render ? render(content) : null), [render, content]);
  const classes = `markdown ${className ?? ''}`;
  // Until then the text keeps its line breaks, so a message does not reflow into one paragraph and back.
  if (html === null)
    return (
      <div ref={element} className={`${classes} markdown--pending`}>
        {content}
      </div>
    );
  return <div ref={element} className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
