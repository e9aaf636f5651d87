import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shareLinkSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { shareLinksQueryKey } from './get-share-links.ts';

/** `DELETE /api/admin/shares/{id}`: the link answers "no longer active" from now on. */
export const revokeShareLink = (shareId: string) =>
  apiRequest(`/api/admin/shares/${encodeURIComponent(shareId)}`, { method: 'DELETE', identity: 'bearer', schema: shareLinkSchema });

export function useRevokeShareLink(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinksQueryKey(taskId) }),
  });
}
