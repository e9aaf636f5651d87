import { useQuery } from '@tanstack/react-query';
import type { InboxResponse } from '@unstuck/contract';
import { apiRequest } from './api-client.ts';

/**
 * The signed-in user's conversations with their unread counts (`GET /api/v2/conversations`). Shared
 * by the app shell's and the dashboard's Messages badge and the Messages page; reading a thread
 * invalidates this key.
 */
export const inboxQueryKey = ['inbox'] as const;

/** Refreshes while a page shows it, so new agent replies raise the counts. */
const INBOX_POLL_MS = 10_000;

export const getInbox = (signal?: AbortSignal): Promise<InboxResponse> =>
  apiRequest<InboxResponse>('/api/v2/conversations', { identity: 'bearer', signal });

/** The inbox, refreshed every 10 s; `enabled` false (signed out) asks nothing. */
export function useInbox(enabled = true) {
  return useQuery({ queryKey: inboxQueryKey, queryFn: ({ signal }) => getInbox(signal), refetchInterval: INBOX_POLL_MS, enabled });
}
