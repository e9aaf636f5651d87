// The web app's page paths, without zod: the router (in the first view) and the server share them, so
// that a path no page answers is a real HTTP 404 with the app's "Page not found" page.

/**
 * The app's page routes in the router's pattern syntax: `:name` is one segment, `:name?` an optional
 * last one, a trailing `/*` any rest (the admin area's tabs). Every route of web/src/app/router.tsx is
 * here (a web unit test checks it).
 */
export const PAGE_ROUTES = [
  '/',
  '/dashboard',
  '/experts',
  '/profile-setup',
  '/edit-profile',
  '/submit-job',
  '/messages',
  '/admin/*',
  '/task-share/:shareToken?',
  '/expert-queue',
  '/expert-queue/:taskId',
  '/login-error',
  '/docs/mcp-server',
  '/docs/api',
] as const;

/** The debug pages' routes: pages only while the server's DEBUG_PAGES is on. */
export const DEBUG_PAGE_ROUTES = [
  '/debug',
  '/debug-auth',
  '/redirect-test',
  '/old-test-dashboard',
  '/test-dashboard',
  '/minimal-dashboard',
  '/login/:provider',
] as const;

/** True when `pathname` matches `route` (a pattern of {@link PAGE_ROUTES}); a trailing slash is ignored. Pure. */
export function matchesRoute(route: string, pathname: string): boolean {
  const parts = pathname.split('/').filter((part) => part !== '');
  const pattern = route.split('/').filter((part) => part !== '');
  for (const [i, want] of pattern.entries()) {
    if (want === '*') return true;
    const part = parts[i];
    if (want.endsWith('?')) return i === pattern.length - 1 && parts.length <= pattern.length;
    if (part === undefined || (!want.startsWith(':') && want !== part)) return false;
  }
  return parts.length === pattern.length;
}

/** True when one of the app's pages answers `pathname`, the debug pages only when `debugPages`. Pure. */
export const isPagePath = (pathname: string, debugPages: boolean): boolean =>
  [...PAGE_ROUTES, ...(debugPages ? DEBUG_PAGE_ROUTES : [])].some((route) => matchesRoute(route, pathname));
