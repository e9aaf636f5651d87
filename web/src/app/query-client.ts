import { QueryClient } from '@tanstack/react-query';
import { retryOnce } from '../lib/load-failure.ts';

/**
 * The app's one query cache. A module value, not a component's state: a route may start
 * a page's requests into it while the page's code is still loading (the share route, app/router.tsx).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: retryOnce },
    // A change asked for while offline fails at once with its reason and Retry, instead of waiting
    // unseen (TanStack's default) and going out whenever the network comes back.
    mutations: { networkMode: 'always' },
  },
});
