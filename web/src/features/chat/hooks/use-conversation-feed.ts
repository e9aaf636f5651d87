import type { Message } from '@unstuck/contract';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useConversationEvents } from '../api/conversation-events.ts';
import { useMessages, type MessagesPolling } from '../api/get-messages.ts';
import { conversationReducer, initialConversationState } from '../state/conversation-state.ts';

/** Where a conversation's messages come from besides its event stream. */
export type FeedSource =
  /** The chat: its own polling of the read call (docs/product.md "Entities" "Polling"), fast while the agent is awaited. */
  | { poll: Pick<MessagesPolling, 'onFailure'> }
  /** The expert workspace: the task's reads, polled by the task's own query. */
  | { reads: readonly Message[] };

/**
 * One conversation, live, in the one state of conversation-state.ts: its event stream first, polling
 * (or the task's reads) beside it as the fallback (docs/decisions/054-server-sent-events.md). When
 * the stream comes back after being down, the messages missed meanwhile are read at once.
 * @param initialId the conversation to follow first (null: none yet); `dispatch({ type: 'opened' })` changes it.
 * @returns the state, its dispatch, and `refresh`, which reads the list again (polling only).
 */
export function useConversationFeed(initialId: string | null, source: FeedSource) {
  const [state, dispatch] = useReducer(conversationReducer, initialId, initialConversationState);
  const { conversationId } = state;
  const [restarts, setRestarts] = useState(0);
  const mode = state.pageState === 'idle' ? 'idle' : 'agent';
  const query = useMessages(conversationId, 'poll' in source ? { ...source.poll, mode, restarts } : null);
  const { data, dataUpdatedAt, errorUpdatedAt, refetch } = query;

  useEffect(() => {
    if (conversationId && data && dataUpdatedAt > 0) dispatch({ type: 'listed', conversationId, messages: data });
  }, [conversationId, data, dataUpdatedAt]);
  useEffect(() => {
    if (conversationId && errorUpdatedAt > 0) dispatch({ type: 'listFailed', conversationId });
  }, [conversationId, errorUpdatedAt]);
  const reads = 'reads' in source ? source.reads : null;
  useEffect(() => {
    if (conversationId && reads) dispatch({ type: 'listed', conversationId, messages: reads });
  }, [conversationId, reads]);

  useConversationEvents(conversationId, dispatch);
  // Back after being down: what arrived meanwhile is read now, and polling that gave up starts again.
  const wasDown = useRef(false);
  useEffect(() => {
    if (state.stream === 'reconnecting') wasDown.current = true;
    if (state.stream === 'open' && wasDown.current) {
      wasDown.current = false;
      setRestarts((count) => count + 1);
    }
  }, [state.stream]);
  const polls = 'poll' in source;
  useEffect(() => {
    if (restarts > 0 && polls) void refetch();
  }, [restarts, polls, refetch]);

  const refresh = useCallback(() => void refetch(), [refetch]);
  return { state, dispatch, refresh, fetchedAt: dataUpdatedAt, pending: query.isPending && !reads };
}
