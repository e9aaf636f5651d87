import type { LogoutResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/auth/logout` (Bearer): the server refuses the token from the next request on. */
export const logout = () => apiRequest<LogoutResponse>('/api/auth/logout', { method: 'POST', identity: 'bearer' });
