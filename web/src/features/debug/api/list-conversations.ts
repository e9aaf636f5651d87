import { conversationSummaryListSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/conversations` (debug): the caller's conversations, signed in or guest. */
export const listConversations = () => apiRequest('/api/conversations', { schema: conversationSummaryListSchema });
