import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PingResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/ping`: answers only when the server has its debug pages on (DEBUG_PAGES); 404 otherwise. */
export const ping = () => apiRequest<PingResponse>('/api/ping', { identity: 'none' });

const pingQueryOptions = queryOptions({ queryKey: ['debug', 'ping'], queryFn: ping, staleTime: Infinity, retry: false });

/**
 * Whether the debug and test pages exist (docs/product.md "Screens" "Debug"): undefined while asking the server,
 * then true, or false when it does not answer the probe (404 when they are off).
 */
export function useDebugPagesEnabled(): boolean | undefined {
  const { data, isError } = useQuery(pingQueryOptions);
  if (isError) return false;
  return data ? true : undefined;
}
