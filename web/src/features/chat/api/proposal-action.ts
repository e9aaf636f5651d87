import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProposalActionResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { messagesQueryKey } from './get-messages.ts';

/** The two answers to a proposal (docs/product.md "Calls"): accept it, or ask to modify it. */
export type ProposalAction = 'accept' | 'modify';

/**
 * `POST /api/v2/proposals/{messageId}/{action}`: signed-in users only (Bearer, no guest header).
 * @throws ApiError with the server's status and detail.
 */
export function postProposalAction(messageId: string, action: ProposalAction): Promise<ProposalActionResponse> {
  return apiRequest<ProposalActionResponse>(`/api/v2/proposals/${encodeURIComponent(messageId)}/${action}`, {
    method: 'POST',
    identity: 'bearer',
  });
}

/** The mutation for one action; success refreshes the conversation's messages. */
export function useProposalAction(action: ProposalAction, conversationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => postProposalAction(messageId, action),
    onSuccess: () => (conversationId ? queryClient.invalidateQueries({ queryKey: messagesQueryKey(conversationId) }) : undefined),
  });
}
