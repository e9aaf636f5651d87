import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import * as storage from '../../../lib/storage.ts';
import { messagesQueryKey } from '../api/get-messages.ts';
import { shownDraft, shownMessages } from '../state/conversation-state.ts';
import { CHAT_TEXTS } from '../utils/chat-rules.ts';
import { conversationGone, forgetConversation } from '../utils/conversation-storage.ts';
import { useChatSend } from './use-chat-send.ts';
import { useConversationFeed } from './use-conversation-feed.ts';

export interface ChatSessionOptions {
  isSignedIn: boolean;
  /** The agent answered: the page focuses the input. */
  onAgentReplied: () => void;
  /**
   * A conversation opened elsewhere (the Messages page): followed instead of the stored current
   * one, and never written to storage, so the home page keeps its own.
   */
  conversationId?: string;
}

/**
 * The chat page's conversation (docs/product.md "Entities" "Page state", "New chat"): an adapter
 * between React and the one state of conversation-state.ts, which the feed (stream and polling) and
 * the send ({@link useChatSend}) update. Here: which conversation is followed and stored, the
 * composer's text, the agent's answer or timeout, and New chat.
 */
export function useChatSession({ isSignedIn, onAgentReplied, conversationId: opened }: ChatSessionOptions) {
  const queryClient = useQueryClient();
  // A stored conversation that is gone or not ours any more is forgotten (see setConversation below).
  const [gone, setGone] = useState(0);
  const onFailure = useCallback(
    (failure: Error) => {
      console.warn('Fetching messages failed:', failure.message);
      if (conversationGone(failure, isSignedIn)) setGone((n) => n + 1);
    },
    [isSignedIn],
  );
  const feed = useConversationFeed(opened ?? storage.getCurrentConversationId(), { poll: { onFailure } });
  const { state, dispatch } = feed;
  const { conversationId } = state;
  const messages = useMemo(() => shownMessages(state), [state]);

  const setConversation = useCallback(
    (id: string | null) => {
      dispatch({ type: 'opened', conversationId: id });
      if (opened === undefined) storage.setCurrentConversationId(id);
    },
    [opened, dispatch],
  );
  useEffect(() => {
    if (gone === 0) return;
    dispatch({ type: 'stopWaiting' });
    setConversation(null);
  }, [gone, dispatch, setConversation]);

  const sender = useChatSend({
    isSignedIn,
    conversationId,
    messages,
    sending: state.sending,
    dispatch,
    onCreated: setConversation,
    home: opened === undefined,
  });
  const { setError } = sender;

  // The wait for the agent ended: focus the input for the answer, or say it timed out.
  const ended = state.waitEnded;
  useEffect(() => {
    if (ended?.outcome === 'replied') onAgentReplied();
    if (ended?.outcome === 'timed_out') setError(CHAT_TEXTS.agentTimeout);
  }, [ended, onAgentReplied, setError]);
  // Sent files whose messages are listed now: their previews are released.
  useEffect(() => state.releasable.forEach((url) => URL.revokeObjectURL(url)), [state.releasable]);

  // Signing in picks up the conversation sign-in restored (docs/product.md "Entities" "On sign-in").
  useEffect(() => {
    if (isSignedIn && opened === undefined && conversationId === null) setConversation(storage.getCurrentConversationId());
  }, [isSignedIn, opened, conversationId, setConversation]);

  /** docs/product.md "New chat". */
  const { reset } = sender;
  const newChat = useCallback(() => {
    if (conversationId) queryClient.removeQueries({ queryKey: messagesQueryKey(conversationId) });
    forgetConversation({ isSignedIn, hadConversation: conversationId !== null, home: opened === undefined });
    reset();
    dispatch({ type: 'reset' });
  }, [conversationId, isSignedIn, opened, queryClient, reset, dispatch]);

  return {
    ...sender,
    conversationId,
    messages,
    /** When the server last answered the messages (each answer marks them read). */
    fetchedAt: feed.fetchedAt,
    /** Messages from others the stream brought that no read of the list has marked read yet. */
    unreadStreamed: state.unreadStreamed,
    refresh: feed.refresh,
    draft: shownDraft(state),
    /** The event stream is down and being reconnected ("Reconnecting…"). */
    reconnecting: state.stream === 'reconnecting',
    /** A stored conversation is being loaded (after a reload): not the empty hero yet. */
    restoring: conversationId !== null && !state.read && state.drafts.length === 0,
    pageState: state.pageState,
    sending: state.sending,
    newChat,
    startWaitingForAgent: useCallback(() => dispatch({ type: 'waitForAgent' }), [dispatch]),
    markAccepted: useCallback((messageId: string) => dispatch({ type: 'accepted', messageId }), [dispatch]),
  };
}
