import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import type { DEBUG_PAGE_ROUTES, PAGE_ROUTES } from '@unstuck/contract';
import { BrowserRouter, Navigate, useParams, useRoutes, type RouteObject } from 'react-router';
import { DebugOnly } from './guards/debug-only.tsx';
import { RequireSignIn } from './guards/require-sign-in.tsx';
import { preloadMarkdown } from '../components/markdown.tsx';
import { lazyWhenOnline } from '../lib/load-when-online.ts';
import { PageSpinner } from '../components/spinner.tsx';
import { sharedTaskQueryOptions } from '../features/task-share/api/get-shared-task.ts';
import { queryClient } from './query-client.ts';
import { RootLayout } from './root-layout.tsx';
import HomeRoute from './routes/home.tsx';
import { UnknownPath } from './routes/unknown-path.tsx';

/**
 * A page loaded on first visit: only the home page is in the first view's JS. `load`
 * imports the page's module; `name` is its exported component. Shows the page spinner meanwhile.
 */
function page<M>(load: () => Promise<M>, name: keyof M): ReactNode {
  const Page = lazyWhenOnline(async () => ({ Page: (await load())[name] as ComponentType }), 'Page');
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

const SharedTaskPage = lazyWhenOnline(() => import('../features/task-share/components/shared-task-page.tsx'), 'SharedTaskPage');

/**
 * The public share page. The task, the schema that checks it, the page's code and the Markdown
 * renderer start loading together as the route shows its spinner, not one after another. A page the
 * server painted brought its task (or its failure) along: nothing to ask for (main.tsx).
 */
function SharedTaskRoute() {
  const token = useParams().shareToken ?? '';
  useEffect(() => {
    const options = sharedTaskQueryOptions(token);
    if (!queryClient.getQueryState(options.queryKey)) void queryClient.prefetchQuery(options);
    preloadMarkdown();
  }, [token]);
  return (
    <Suspense fallback={<PageSpinner label="Loading the shared task" />}>
      <SharedTaskPage />
    </Suspense>
  );
}

/** A page's path: one the server knows too (contract PAGE_ROUTES), so that it answers the page with 200, any other with 404. */
type PagePath = (typeof PAGE_ROUTES)[number];
const route = (path: PagePath, element: ReactNode): RouteObject => ({ path, element });
const signedIn = (path: PagePath, element: ReactNode): RouteObject => route(path, <RequireSignIn>{element}</RequireSignIn>);
const debug = (path: (typeof DEBUG_PAGE_ROUTES)[number], element: ReactNode): RouteObject => ({
  path,
  element: <DebugOnly>{element}</DebugOnly>,
});

/**
 * The route table of docs/product.md "Screens". Login-required routes send signed-out visitors to / with the sign-in
 * card; debug pages exist only with the server's DEBUG_PAGES; any other path is "Page not found". Beyond the
 * spec: /expert-queue and /expert-queue/{taskId}, where experts and admins work on accepted tasks. Every
 * route is a child of `layout`, so that a page painted on the server under another layout (without
 * sign-in, server-render.tsx) has the shape the browser hydrates.
 */
export const routesUnder = (layout: ReactNode): RouteObject[] => [
  {
    element: layout,
    children: [
      // Painted at build (decisions 062 and 098). React hydrates what a Suspense boundary holds after the rest,
      // at a lower priority that yields to the browser every few milliseconds: the page is taken over in short
      // tasks, not one long one. Nothing in it suspends, so there is no fallback to show.
      route(
        '/',
        <Suspense>
          <HomeRoute />
        </Suspense>,
      ),
      signedIn(
        '/dashboard',
        page(() => import('../features/dashboard/components/dashboard-page.tsx'), 'DashboardPage'),
      ),
      signedIn(
        '/experts',
        page(() => import('../features/dashboard/components/dashboard-page.tsx'), 'DashboardPage'),
      ),
      signedIn('/profile-setup', <Navigate to="/dashboard" replace />),
      signedIn(
        '/edit-profile',
        page(() => import('../features/dashboard/components/edit-profile-page.tsx'), 'EditProfilePage'),
      ),
      signedIn(
        '/submit-job',
        page(() => import('../features/jobs/components/submit-job-page.tsx'), 'SubmitJobPage'),
      ),
      signedIn(
        '/messages',
        page(() => import('../features/chat/components/messages-page.tsx'), 'MessagesPage'),
      ),
      // Its code (the sign-in note, the claims check) loads only on the way to the admin pages.
      route(
        '/admin/*',
        page(() => import('./guards/admin-guard.tsx'), 'AdminGuard'),
      ),
      // Without a token the page says "Invalid share link" (docs/product.md "Validation").
      route('/task-share/:shareToken?', <SharedTaskRoute />),
      signedIn(
        '/expert-queue',
        page(() => import('../features/expert/components/expert-queue-page.tsx'), 'ExpertQueuePage'),
      ),
      signedIn(
        '/expert-queue/:taskId',
        page(() => import('./routes/expert-task.tsx'), 'ExpertTaskRoute'),
      ),
      route(
        '/login-error',
        page(() => import('../features/auth/components/login-error-page.tsx'), 'LoginErrorPage'),
      ),
      // Loaded on demand: few visitors read it, and it carries the contract's tool schemas.
      route(
        '/docs/mcp-server',
        page(() => import('../features/docs/components/mcp-server-docs-page.tsx'), 'McpServerDocsPage'),
      ),
      route(
        '/docs/api',
        page(() => import('../features/docs/components/api-reference-page.tsx'), 'ApiReferencePage'),
      ),
      debug(
        '/debug',
        page(() => import('../features/debug/components/debug-page.tsx'), 'DebugPage'),
      ),
      debug(
        '/debug-auth',
        page(() => import('../features/debug/components/auth-debug-page.tsx'), 'AuthDebugPage'),
      ),
      debug(
        '/redirect-test',
        page(() => import('../features/debug/components/redirect-test-page.tsx'), 'RedirectTestPage'),
      ),
      debug(
        '/old-test-dashboard',
        page(() => import('../features/debug/components/cookie-debug-page.tsx'), 'CookieDebugPage'),
      ),
      debug(
        '/test-dashboard',
        page(() => import('../features/debug/components/test-dashboard-page.tsx'), 'TestDashboardPage'),
      ),
      debug(
        '/minimal-dashboard',
        page(() => import('../features/debug/components/minimal-dashboard-page.tsx'), 'MinimalDashboardPage'),
      ),
      debug(
        '/login/:provider',
        page(() => import('../features/debug/components/direct-login-page.tsx'), 'DirectLoginPage'),
      ),
      { path: '*', element: <UnknownPath /> },
    ],
  },
];

/** The app's routes: every page inside sign-in (RootLayout). */
export const routes = routesUnder(<RootLayout />);

/**
 * The page at the router's location: the browser's (AppRouter), or the server's with its own `table`
 * (server-render.tsx, where there is no sign-in).
 */
export function Pages({ table = routes }: { table?: RouteObject[] }) {
  return useRoutes(table);
}

// React Router's declarative mode: the data router (loaders, actions, fetchers) is about 18 KB gz
// of the first view that nothing here uses (docs/decisions/061-declarative-router.md).

/** The app's pages. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Pages />
    </BrowserRouter>
  );
}
