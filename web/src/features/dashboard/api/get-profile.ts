import { useQuery } from '@tanstack/react-query';
import { profileResponseSchema, type ProfileResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** The query key of the signed-in user's profile; saving it invalidates this key. */
export const profileQueryKey = ['profile'] as const;

export const getProfile = (signal?: AbortSignal): Promise<ProfileResponse> =>
  apiRequest('/api/v1/users/profile', { schema: profileResponseSchema, identity: 'bearer', signal });

/** The signed-in user's profile as the server holds it (dashboard and Edit Profile). */
export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });
}
