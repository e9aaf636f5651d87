import { Navigate, useLocation } from 'react-router';
import { AdminGuard } from '../guards/admin-guard.tsx';

/** Any path not in the route table goes to / (docs/product.md "Screens"), except those starting with /admin, such as /administrator. */
export function UnknownPath() {
  const { pathname } = useLocation();
  return pathname.startsWith('/admin') ? <AdminGuard /> : <Navigate to="/" replace />;
}
