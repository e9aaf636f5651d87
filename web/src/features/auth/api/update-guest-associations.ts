import type { GuestAssociationResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/v2/user/update-guest-associations`: moves the guest session's conversations, messages
 * and tasks to the account. Called with the new token before the app uses it, so that no request
 * reads the guest's conversation as the user before it has moved.
 */
export const updateGuestAssociations = (token: string, guestSessionId: string): Promise<GuestAssociationResponse> =>
  apiRequest<GuestAssociationResponse>('/api/v2/user/update-guest-associations', {
    method: 'POST',
    identity: 'none',
    headers: { Authorization: `Bearer ${token}`, 'x-guest-session-id': guestSessionId },
  });
