import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteUserResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

/** `DELETE /api/admin/users/{id}`: the user with their messages, conversations, tasks and files. */
export const deleteUser = (userId: string) =>
  apiRequest(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'DELETE', identity: 'bearer', schema: deleteUserResponseSchema });

/** The deletion; every admin list may have changed. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_ROOT }) });
}
