import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessRequestSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { accessRequestsQueryKey } from './get-access-requests.ts';
import { shareLinksQueryKey } from './get-share-links.ts';

/**
 * `POST /api/admin/access-requests/{id}/approve` (a new share link of the default lifetime, emailed to
 * the requester) or `…/decline` (a short note emailed).
 */
export const answerAccessRequest = ({ id, answer }: { id: string; answer: 'approve' | 'decline' }) =>
  apiRequest(`/api/admin/access-requests/${encodeURIComponent(id)}/${answer}`, {
    method: 'POST',
    body: {},
    identity: 'bearer',
    schema: accessRequestSchema,
  });

/** Answers one of a task's access requests, then reloads its requests and its share links. */
export function useAnswerAccessRequest(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerAccessRequest,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accessRequestsQueryKey(taskId) });
      await queryClient.invalidateQueries({ queryKey: shareLinksQueryKey(taskId) });
    },
  });
}
