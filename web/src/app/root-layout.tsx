import { Outlet } from 'react-router';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';

/** Every route renders inside sign-in, which needs the router to take visitors back after it. */
export function RootLayout() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
