import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;
const yes = () => true;
const no = () => false;

/**
 * A value that differs between a page painted ahead of the browser (at build or on the server) and the browser:
 * `painted()` on the server and while React hydrates the painted HTML, so that it renders what was painted;
 * `inBrowser()` for a component drawn in the browser, and right after hydrating (React renders again when the
 * two differ). Both must return the same value each call (compared with `Object.is`).
 * (docs/decisions/098-hydrated-first-views.md, 101-share-page-conversation-as-read.md)
 */
export function usePaintedOr<T>(inBrowser: () => T, painted: () => T): T {
  return useSyncExternalStore(unchanging, inBrowser, painted);
}

/** False on the server and while React hydrates a painted page, true in every other browser render ({@link usePaintedOr}). */
export function useDrawnInBrowser(): boolean {
  return usePaintedOr(yes, no);
}
