import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { LoginErrorPage } from '../features/auth/components/login-error-page.tsx';
import { MessagesPage } from '../features/chat/components/messages-page.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { EditProfilePage } from '../features/dashboard/components/edit-profile-page.tsx';
import { AuthDebugPage } from '../features/debug/components/auth-debug-page.tsx';
import { CookieDebugPage } from '../features/debug/components/cookie-debug-page.tsx';
import { DebugPage } from '../features/debug/components/debug-page.tsx';
import { DirectLoginPage } from '../features/debug/components/direct-login-page.tsx';
import { MinimalDashboardPage } from '../features/debug/components/minimal-dashboard-page.tsx';
import { RedirectTestPage } from '../features/debug/components/redirect-test-page.tsx';
import { TestDashboardPage } from '../features/debug/components/test-dashboard-page.tsx';
import { ExpertQueuePage } from '../features/expert/components/expert-queue-page.tsx';
import { SubmitJobPage } from '../features/jobs/components/submit-job-page.tsx';
import { SharedTaskPage } from '../features/task-share/components/shared-task-page.tsx';
import { AdminGuard } from './guards/admin-guard.tsx';
import { DebugOnly } from './guards/debug-only.tsx';
import { RequireSignIn } from './guards/require-sign-in.tsx';
import { RootLayout } from './root-layout.tsx';
import HomeRoute from './routes/home.tsx';
import { UnknownPath } from './routes/unknown-path.tsx';

const signedIn = (path: string, element: ReactNode): RouteObject => ({ path, element: <RequireSignIn>{element}</RequireSignIn> });
const debug = (path: string, element: ReactNode): RouteObject => ({ path, element: <DebugOnly>{element}</DebugOnly> });

/**
 * The route table of spec §2. Login-required routes send signed-out visitors to / with the sign-in
 * card; debug pages exist only with the server's DEBUG_PAGES; any other path goes to /. Beyond the
 * spec: /expert-queue, where experts and admins work on accepted tasks.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      signedIn('/dashboard', <DashboardPage />),
      signedIn('/experts', <DashboardPage />),
      signedIn('/profile-setup', <Navigate to="/dashboard" replace />),
      signedIn('/edit-profile', <EditProfilePage />),
      signedIn('/submit-job', <SubmitJobPage />),
      signedIn('/messages', <MessagesPage />),
      { path: '/admin/*', element: <AdminGuard /> },
      // Without a token the page says "Invalid share link" (spec §5).
      { path: '/task-share/:shareToken?', element: <SharedTaskPage /> },
      signedIn('/expert-queue', <ExpertQueuePage />),
      { path: '/login-error', element: <LoginErrorPage /> },
      // Loaded on demand: few visitors read it, and it carries the contract's tool schemas.
      {
        path: '/docs/mcp-server',
        lazy: async () => ({ Component: (await import('../features/docs/components/mcp-server-docs-page.tsx')).McpServerDocsPage }),
      },
      debug('/debug', <DebugPage />),
      debug('/debug-auth', <AuthDebugPage />),
      debug('/redirect-test', <RedirectTestPage />),
      debug('/old-test-dashboard', <CookieDebugPage />),
      debug('/test-dashboard', <TestDashboardPage />),
      debug('/minimal-dashboard', <MinimalDashboardPage />),
      debug('/login/:provider', <DirectLoginPage />),
      { path: '*', element: <UnknownPath /> },
    ],
  },
];

const router = createBrowserRouter(routes);

/** The app's pages. */
export function AppRouter() {
  return <RouterProvider router={router} />;
}
