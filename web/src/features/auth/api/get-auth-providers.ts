import { queryOptions } from '@tanstack/react-query';
import type { AuthProvidersResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/auth/providers`: the identity providers and whether sign-in opens a popup or redirects. */
export const getAuthProviders = (): Promise<AuthProvidersResponse> =>
  apiRequest<AuthProvidersResponse>('/api/auth/providers', { identity: 'none' });

/**
 * Kept for the page's life: a popup must open while the click still counts as the visitor's, so
 * the list is fetched ahead and read from the cache at sign-in. An empty list is asked for again:
 * the embedded provider joins it only once the server has started it.
 */
export const authProvidersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: getAuthProviders,
  staleTime: (query) => (query.state.data?.providers.length ? Infinity : 0),
  retry: false,
});
