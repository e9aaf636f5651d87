import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteConversationResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

/** `DELETE /api/admin/conversations/{id}`: with its messages, task and files. */
export const deleteConversation = (conversationId: string) =>
  apiRequest(`/api/admin/conversations/${encodeURIComponent(conversationId)}`, {
    method: 'DELETE',
    identity: 'bearer',
    schema: deleteConversationResponseSchema,
  });

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteConversation, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_ROOT }) });
}
