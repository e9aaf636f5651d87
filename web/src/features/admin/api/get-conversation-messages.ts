import { useQuery } from '@tanstack/react-query';
import { adminMessageListSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

export const conversationMessagesQueryKey = (conversationId: string) =>
  [...ADMIN_QUERY_ROOT, 'conversations', conversationId, 'messages'] as const;

/** `GET /api/admin/conversations/{id}/messages` (docs/product.md "Calls"), staff notes included. */
export const getConversationMessages = async (conversationId: string) =>
  (
    await apiRequest(`/api/admin/conversations/${encodeURIComponent(conversationId)}/messages`, {
      identity: 'bearer',
      schema: adminMessageListSchema,
    })
  ).messages;

/** A conversation's messages; nothing until one is selected. */
export const useConversationMessages = (conversationId: string | null) =>
  useQuery({
    queryKey: conversationMessagesQueryKey(conversationId ?? ''),
    queryFn: () => getConversationMessages(conversationId ?? ''),
    enabled: conversationId !== null,
    retry: false,
  });
