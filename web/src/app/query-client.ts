import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. A module value, not a component's state: the router's loaders start
 * a page's requests into it while the page's code is still loading (app/router.tsx).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false },
  },
});
