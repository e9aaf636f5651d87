import { Suspense } from 'react';
import { PageSpinner } from '../../components/spinner.tsx';
import { lazyWhenOnline } from '../../lib/load-when-online.ts';

// Few visitors meet it: its code loads when they do.
const NotFoundPage = lazyWhenOnline(() => import('./not-found-page.tsx'), 'NotFoundPage');

/** Any path not in the route table (contract PAGE_ROUTES; the server answers it 404): "Page not found" (docs/product.md "Screens"). */
export function UnknownPath() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <NotFoundPage />
    </Suspense>
  );
}
