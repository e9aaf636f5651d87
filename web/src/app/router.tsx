import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import HomeRoute from './routes/home.tsx';

/**
 * The route table of spec §2. Only the home chat page exists so far; sign-in, dashboard, admin and
 * the other pages are added here as they are built. Any unknown path goes back to /.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <HomeRoute /> },
  { path: '*', element: <Navigate to="/" replace /> },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
