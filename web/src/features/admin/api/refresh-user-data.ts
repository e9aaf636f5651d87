import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshUserDataResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

/** `POST /api/admin/users/{id}/refresh-{provider}-data` (docs/product.md "Calls"): name and email as the provider last sent them. */
export const refreshUserData = (input: { userId: string; provider: string }) =>
  apiRequest(`/api/admin/users/${encodeURIComponent(input.userId)}/refresh-${encodeURIComponent(input.provider)}-data`, {
    method: 'POST',
    identity: 'bearer',
    schema: refreshUserDataResponseSchema,
  });

/** The refresh; users and tasks (which show the customer) reload after it. */
export function useRefreshUserData() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refreshUserData, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_ROOT }) });
}
