import { useQuery } from '@tanstack/react-query';
import { adminConversationListSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

export const userConversationsQueryKey = (userId: string) => [...ADMIN_QUERY_ROOT, 'users', userId, 'conversations'] as const;

/** `GET /api/admin/users/{id}/conversations` (docs/product.md "Calls"). */
export const getUserConversations = async (userId: string) =>
  (
    await apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/conversations`, {
      identity: 'bearer',
      schema: adminConversationListSchema,
    })
  ).conversations;

/** A user's conversations; nothing until a user is selected. */
export const useUserConversations = (userId: string | null) =>
  useQuery({
    queryKey: userConversationsQueryKey(userId ?? ''),
    queryFn: () => getUserConversations(userId ?? ''),
    enabled: userId !== null,
    retry: false,
  });
