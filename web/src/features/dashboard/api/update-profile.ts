import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileResponseSchema, type ProfileResponse, type ProfileUpdate } from '@unstuck/contract';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { getAuthToken } from '../../../lib/storage.ts';
import { profileQueryKey } from './get-profile.ts';

/** docs/product.md "Validation" "Profile edit" texts. */
export const PROFILE_TEXTS = {
  authRequired: 'Authentication required to update profile.',
  invalidResponse: 'Invalid response format',
  saved: 'Profile updated successfully!',
} as const;

/**
 * Saves the profile (docs/product.md "Calls" `PUT /api/v1/users/profile`).
 * @throws Error with docs/product.md "Validation" text: authentication required, the HTTP status and response body,
 *   or "Invalid response format" when the answer lacks status success and a profile.
 */
export async function updateProfile(profile: ProfileUpdate): Promise<ProfileResponse> {
  if (!getAuthToken()) throw new Error(PROFILE_TEXTS.authRequired);
  let body: unknown;
  try {
    body = await apiRequest('/api/v1/users/profile', { method: 'PUT', body: profile, identity: 'bearer' });
  } catch (error) {
    if (isApiError(error) && error.code === 'unauthenticated') throw new Error(PROFILE_TEXTS.authRequired);
    if (isApiError(error)) {
      throw new Error(`Failed to update profile (${error.status}): ${error.detail ?? error.statusText}`);
    }
    throw error;
  }
  const parsed = profileResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error(PROFILE_TEXTS.invalidResponse);
  return parsed.data;
}

/** The Save Changes mutation; the saved profile replaces the cached one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => queryClient.setQueryData(profileQueryKey, answer),
  });
}
