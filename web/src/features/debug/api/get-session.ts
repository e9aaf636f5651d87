import { useQuery } from '@tanstack/react-query';
import { debugSessionResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `GET /api/session` (debug, Bearer): the server profile of a token's user; 401 without a valid token.
 * @param token the token to ask about; null asks without one.
 */
export const getSession = (token: string | null) =>
  apiRequest('/api/session', {
    identity: 'none',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    schema: debugSessionResponseSchema,
  });

/** The server profile for the minimal dashboard, per token. */
export const useSession = (token: string | null) =>
  useQuery({ queryKey: ['debug', 'session', token], queryFn: () => getSession(token), retry: false });
