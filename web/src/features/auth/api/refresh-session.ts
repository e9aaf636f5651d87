import type { SessionResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/auth/refresh` (Bearer): a new token with the claims the server holds now. */
export const refreshSession = (): Promise<SessionResponse> =>
  apiRequest<SessionResponse>('/api/auth/refresh', { method: 'POST', identity: 'bearer' });
