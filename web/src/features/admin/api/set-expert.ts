import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setExpertResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersQueryKey } from './get-users.ts';

/** `POST /api/admin/users/set-expert` (docs/product.md "Calls"). */
export const setExpert = (input: { userId: string; isExpert: boolean }) =>
  apiRequest('/api/admin/users/set-expert', { method: 'POST', identity: 'bearer', body: input, schema: setExpertResponseSchema });

export function useSetExpert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setExpert, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }) });
}
