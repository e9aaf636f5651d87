import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proposalActionResponseSchema, type ProposalActionResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { messagesQueryKey } from './get-messages.ts';

/** `POST /api/v2/proposals/{messageId}/modify`: signed-in users only (Bearer, no guest header). */
export function modifyProposal(messageId: string): Promise<ProposalActionResponse> {
  return apiRequest(`/api/v2/proposals/${encodeURIComponent(messageId)}/modify`, {
    method: 'POST',
    identity: 'bearer',
    schema: proposalActionResponseSchema,
  });
}

export function useModifyProposal(conversationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyProposal,
    onSuccess: () =>
      conversationId ? queryClient.invalidateQueries({ queryKey: messagesQueryKey(conversationId) }) : undefined,
  });
}
