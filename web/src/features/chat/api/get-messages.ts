import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageListSchema, type Message } from '@unstuck/contract';
import { ApiError, apiRequest, isApiError } from '../../../lib/api-client.ts';
import { getAuthToken } from '../../../lib/storage.ts';

export const messagesQueryKey = (conversationId: string) => ['conversations', conversationId, 'messages'] as const;

/** The messages of a conversation, oldest first (spec §7). */
export async function getMessages(conversationId: string, signal?: AbortSignal): Promise<Message[]> {
  const sentAsGuest = getAuthToken() === null;
  try {
    return await apiRequest(`/api/v2/conversations/${encodeURIComponent(conversationId)}/messages`, {
      schema: messageListSchema,
      signal,
      renewGuestSessionOn401: true,
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    // Signed in while this guest request was under way: its answer says nothing about the account.
    if (sentAsGuest && getAuthToken() !== null) throw new Error('Signed in while fetching messages as a guest');
    // The texts of spec §8 "Fetching messages".
    const message =
      error.status === 401 && sentAsGuest
        ? 'Authentication required - created new guest session'
        : (error.detail ?? `Failed to fetch messages (${error.status})`);
    throw new ApiError(error.status, error.statusText, error.detail, message);
  }
}

export interface MessagesPolling {
  /** Milliseconds between fetches (spec §4: 3 s, or 2 s while waiting for the agent). */
  intervalMs: number;
  /** Keep polling in a hidden tab (while waiting for the agent, so the timeout stays honest). */
  inBackground: boolean;
}

export function messagesQueryOptions(conversationId: string, polling: MessagesPolling) {
  return queryOptions({
    queryKey: messagesQueryKey(conversationId),
    queryFn: ({ signal }) => getMessages(conversationId, signal),
    refetchInterval: polling.intervalMs,
    refetchIntervalInBackground: polling.inBackground,
    // Polling is the retry; failures are only logged (spec §8).
    retry: false,
  });
}

export function useMessages(conversationId: string | null, polling: MessagesPolling) {
  return useQuery({
    ...messagesQueryOptions(conversationId ?? '', polling),
    enabled: conversationId !== null,
  });
}
