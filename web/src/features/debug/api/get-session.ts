import { useQuery } from '@tanstack/react-query';
import { debugSessionResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/session` (debug, Bearer): the signed-in user's server profile; 401 when not signed in. */
export const getSession = () => apiRequest('/api/session', { identity: 'bearer', schema: debugSessionResponseSchema });

/** The server profile for the minimal dashboard, per token; `enabled` waits until a handed token is stored. */
export const useSession = (token: string | null, enabled: boolean) =>
  useQuery({ queryKey: ['debug', 'session', token], queryFn: getSession, enabled, retry: false });
