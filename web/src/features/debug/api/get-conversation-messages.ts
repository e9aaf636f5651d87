import { messageListSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/conversations/{id}/messages` (debug): one of the caller's conversations. */
export const getConversationMessages = (conversationId: string) =>
  apiRequest(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, { schema: messageListSchema });
