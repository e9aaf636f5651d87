import type { SessionResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/auth/session`: exchanges a finished sign-in's one-time code (60 s, single use) for our token. */
export const createSession = (code: string): Promise<SessionResponse> =>
  apiRequest<SessionResponse>('/api/auth/session', { method: 'POST', body: { code }, identity: 'none' });
