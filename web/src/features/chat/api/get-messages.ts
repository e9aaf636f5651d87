import { useEffect, useRef } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { Message } from '@unstuck/contract';
import { ApiError, apiRequest, isApiError } from '../../../lib/api-client.ts';
import { BACKOFF_DEFAULTS, initialBackoffState, nextBackoffState } from '../../../lib/backoff-polling.ts';
import { getAuthToken } from '../../../lib/storage.ts';
import { AGENT_POLL_MS } from '../utils/chat-rules.ts';

/** The TanStack Query key of a conversation's messages; mutations that change them invalidate it. */
export const messagesQueryKey = (conversationId: string) => ['conversations', conversationId, 'messages'] as const;

/**
 * The last answer per conversation and caller with its ETag: an unchanged conversation is answered
 * 304 without a body (docs/decisions/016-polls-from-memory.md).
 */
const lastAnswers = new Map<string, { etag: string; messages: Message[] }>();

/** The messages of a conversation, oldest first (docs/product.md "Calls"). */
export async function getMessages(conversationId: string, signal?: AbortSignal): Promise<Message[]> {
  const sentAsGuest = getAuthToken() === null;
  // Keyed by caller too: after signing in, the guest's answer must not stand in for the account's.
  const key = `${getAuthToken() ?? 'guest'} ${conversationId}`;
  const last = lastAnswers.get(key);
  try {
    return await apiRequest<Message[]>(`/api/v2/conversations/${encodeURIComponent(conversationId)}/messages`, {
      signal,
      renewGuestSessionOn401: true,
      revalidate: {
        etag: last?.etag ?? null,
        cached: last?.messages,
        onEtag: (etag, messages) => {
          lastAnswers.delete(key);
          if (etag) lastAnswers.set(key, { etag, messages });
        },
      },
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    // Signed in while this guest request was under way: its answer says nothing about the account.
    if (sentAsGuest && getAuthToken() !== null) throw new Error('Signed in while fetching messages as a guest');
    // The texts of docs/product.md "Errors" "Fetching messages".
    const message =
      error.status === 401 && sentAsGuest
        ? 'Authentication required - created new guest session'
        : (error.detail ?? `Failed to fetch messages (${error.status})`);
    throw new ApiError(error.status, error.statusText, error.detail, { code: error.code, message });
  }
}

export interface MessagesPolling {
  /**
   * `agent`: every 2 s while waiting for the agent (docs/product.md "Entities"), in a hidden tab too, so the timeout
   * stays honest. `idle`: the generic backoff helper of docs/product.md "Entities", from 3 s up to 30 s while nothing new
   * arrives; it gives up after 5 failures in a row (failures are only logged, docs/product.md "Errors").
   */
  mode: 'agent' | 'idle';
  /** Called with each failed fetch's error, as it happens (docs/product.md "Errors": failures are only logged). */
  onFailure?: (error: Error) => void;
  /** Counts the event stream's recoveries: each one starts polling that gave up (server down) again at its first pace. */
  restarts?: number;
}

/**
 * Polls a conversation's messages (docs/product.md "Entities" "Polling"); disabled until there is a conversation.
 * @param polling null: no fetching here; the query holds what others put in it (the event stream, a task's read).
 */
export function useMessages(conversationId: string | null, polling: MessagesPolling | null) {
  const backoff = useRef({ state: initialBackoffState(), outcomeAt: 0, count: 0 });
  const mode = polling?.mode;
  const restarts = polling?.restarts ?? 0;
  useEffect(() => {
    // A new conversation, the agent just answered, or the server is back: poll at the initial pace again.
    backoff.current = { state: initialBackoffState(), outcomeAt: 0, count: 0 };
  }, [conversationId, mode, restarts]);

  return useQuery({
    queryKey: messagesQueryKey(conversationId ?? ''),
    queryFn: polling
      ? ({ signal }) =>
          getMessages(conversationId ?? '', AbortSignal.any([signal, AbortSignal.timeout(BACKOFF_DEFAULTS.requestTimeoutMs)])).catch(
            (error: Error) => {
              polling.onFailure?.(error);
              throw error;
            },
          )
      : skipToken,
    enabled: conversationId !== null,
    refetchIntervalInBackground: mode === 'agent',
    // Polling is the retry.
    retry: false,
    refetchInterval: (query) => {
      if (!polling) return false;
      if (mode === 'agent') return AGENT_POLL_MS;
      const tracked = backoff.current;
      const { dataUpdatedAt, errorUpdatedAt, data } = query.state;
      const outcomeAt = Math.max(dataUpdatedAt, errorUpdatedAt);
      if (outcomeAt !== tracked.outcomeAt) {
        // Each fetch's outcome moves the helper once, however often react-query asks for the interval.
        tracked.outcomeAt = outcomeAt;
        const failed = errorUpdatedAt > dataUpdatedAt;
        const count = data?.length ?? 0;
        tracked.state = nextBackoffState(tracked.state, failed ? { ok: false } : { ok: true, newItems: count - tracked.count });
        tracked.count = count;
        if (tracked.state.stopped) console.warn(tracked.state.error);
      }
      return tracked.state.stopped ? false : tracked.state.intervalMs;
    },
  });
}
