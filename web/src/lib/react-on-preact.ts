// The `react` module of the built app (web/vite.config.ts aliases `react` here): Preact's compat
// layer, plus the one React 19 hook react-router 8 imports that preact/compat lacks.
// docs/decisions/019-lean-first-page.md says why and how to go back to React.
// @ts-expect-error TS2498: preact/compat's types use `export =`; at run time it is an ES module with named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19's `useOptimistic` outside any transition: the passed state, and a setter that does
 * nothing. react-router's RouterProvider calls the setter only with `unstable_useTransitions`,
 * which this app does not set (react-router did the same for React 18 in remix-run/react-router#14628).
 */
export function useOptimistic<S>(passthrough: S): [S, (action: unknown) => void] {
  return [passthrough, () => undefined];
}
