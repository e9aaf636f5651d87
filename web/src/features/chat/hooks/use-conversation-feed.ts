import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@unstuck/contract';
import { useEffect, useMemo } from 'react';
import { useConversationEvents, type StreamedDraft } from '../api/conversation-events.ts';
import { messagesQueryKey, useMessages, type MessagesPolling } from '../api/get-messages.ts';
import { fromServerMessage, type ChatMessage } from '../types.ts';

/** Where a conversation's messages come from besides its event stream. */
export type FeedSource =
  /** The chat: its own polling of the read call (docs/product.md "Entities" "Polling"). */
  | { poll: MessagesPolling }
  /** The expert workspace: the task's reads, polled by the task's own query, merged in by id. */
  | { reads: readonly Message[] };

/** A conversation's messages as the server last told them, in the chat's shape, with the agent's draft. */
export interface ConversationFeed {
  /** Oldest first; empty while nothing was read yet. */
  messages: ChatMessage[];
  /** The agent's message being written (decision 018); null once a message answering the same one is listed. */
  draft: StreamedDraft | null;
  /** When a fetch of the messages last succeeded / failed (ms, 0 before the first); each answer marks them read. */
  fetchedAt: number;
  failedAt: number;
  /** Nothing was read yet. */
  pending: boolean;
}

/** Both lists in one, by id (the later read wins), oldest first. */
function merged(current: readonly Message[], read: readonly Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of read) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/**
 * One conversation's messages, live: its event stream first, polling (or the task's reads) beside it as
 * the fallback, both into the one messages query (docs/decisions/054-server-sent-events.md), shown in
 * the chat's message shape. What is being sent is not here: the chat session keeps its optimistic copies.
 * @param conversationId null: no conversation yet (nothing is read).
 */
export function useConversationFeed(conversationId: string | null, source: FeedSource): ConversationFeed {
  const queryClient = useQueryClient();
  const reads = 'reads' in source ? source.reads : null;
  useEffect(() => {
    if (conversationId && reads) {
      queryClient.setQueryData<Message[]>(messagesQueryKey(conversationId), (current) => merged(current ?? [], reads));
    }
  }, [queryClient, conversationId, reads]);
  const query = useMessages(conversationId, 'poll' in source ? source.poll : null);
  const streamedDraft = useConversationEvents(conversationId);
  const data = query.data ?? reads;
  const messages = useMemo(() => (data ?? []).map(fromServerMessage), [data]);
  const draft = useMemo(() => {
    if (!streamedDraft) return null;
    const answered = messages.some(
      (m) => m.senderType === 'agent' && streamedDraft.reply_to !== null && m.replyToMessageId === streamedDraft.reply_to,
    );
    return answered ? null : streamedDraft;
  }, [streamedDraft, messages]);
  return { messages, draft, fetchedAt: query.dataUpdatedAt, failedAt: query.errorUpdatedAt, pending: query.isPending && !reads };
}
