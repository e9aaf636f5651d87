import { useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@unstuck/contract';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import {
  clearGuestSessionId,
  createGuestSessionId,
  getCurrentConversationId,
  randomId,
  setCurrentConversationId,
  STORAGE_KEYS,
  keepChatDraft,
  keptChatDraft,
  writeLocal,
} from '../../../lib/storage.ts';
import { messagesQueryKey } from '../api/get-messages.ts';
import { useSendMessage } from '../api/send-message.ts';
import type { ChatMessage, PageState, PendingAttachment } from '../types.ts';
import { agentWaitOutcome, CHAT_TEXTS, describeSendFailure, GUEST_MESSAGES_BEFORE_PROMPT } from '../utils/chat-rules.ts';
import { useConversationFeed } from './use-conversation-feed.ts';
import { usePendingAttachments } from './use-pending-attachments.ts';

const toChatAttachment = (a: PendingAttachment) => ({
  url: a.previewUrl ?? '',
  name: a.file.name,
  contentType: a.file.type || 'application/octet-stream',
  size: a.file.size,
});

/** Optimistic messages the server does not list yet; the previews of the others are released. */
function withoutListed(optimistic: ChatMessage[], listed: readonly ChatMessage[]): ChatMessage[] {
  const known = new Set(listed.map((m) => m.id));
  for (const a of optimistic.filter((m) => known.has(m.id)).flatMap((m) => m.attachments)) {
    if (a.url.startsWith('blob:')) URL.revokeObjectURL(a.url);
  }
  return optimistic.filter((m) => !known.has(m.id));
}

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
 * The chat page's state machine (docs/product.md "Entities" "Page state", "New chat", "Validation" limits): messages with the
 * optimistic one, idle / agent_thinking / waiting_for_agent, the agent timeout, sending and New chat.
 * The conversation's messages come from {@link useConversationFeed} (stream and polling); this adds
 * what is being sent and what the person did (an accepted proposal) before the server says so.
 */
export function useChatSession({ isSignedIn, onAgentReplied, conversationId: opened }: ChatSessionOptions) {
  const queryClient = useQueryClient();
  const sendMutation = useSendMessage();
  const { attachments, add: addAttachments, remove: removeAttachment, restore, clear } = usePendingAttachments();
  const [conversationId, setConversationIdState] = useState(() => opened ?? getCurrentConversationId());
  const [pageState, setPageState] = useState<PageState>('idle');
  const [sending, setSending] = useState(false);
  // The home chat's text kept across a sign-in that left the page (ChatPage keeps it before leaving).
  const [input, setInput] = useState(() => (opened === undefined ? (keptChatDraft() ?? '') : ''));
  useEffect(() => {
    if (opened === undefined) keepChatDraft(null);
  }, [opened]);
  /** The last send failed in a way that sending again may fix: the banner offers Retry. */
  const [canRetry, setCanRetry] = useState(false);
  const [optimistic, setOptimistic] = useState<ChatMessage[]>([]);
  const [error, setError] = useState<string | null>(null);
  /** The sign-in card, when shown, with why (its default text is about sending more messages). */
  const [signInPrompt, setSignInPrompt] = useState<{ message?: string } | null>(null);
  const [serverLimitReached, setServerLimitReached] = useState(false);
  const [acceptedIds, setAcceptedIds] = useState<ReadonlySet<string>>(new Set());
  /** Set while waiting for an agent turn: the last message id before it and the polls since. */
  const wait = useRef<{ baselineId: string | null; polls: number } | null>(null);
  const sendingRef = useRef(false);
  /** Bumped by New chat so a send still in flight cannot write into the new chat. */
  const generation = useRef(0);

  const awaitingAgent = pageState !== 'idle';
  const finishWaiting = useCallback(() => {
    wait.current = null;
    sendingRef.current = false;
    setSending(false);
    setPageState('idle');
  }, []);
  const setConversation = useCallback(
    (id: string | null) => {
      setConversationIdState(id);
      if (opened === undefined) setCurrentConversationId(id);
    },
    [opened],
  );
  // A stored conversation that is gone or not ours any more is forgotten.
  const onFetchFailed = useCallback(
    (failure: Error) => {
      console.warn('Fetching messages failed:', failure.message);
      const code = isApiError(failure) ? failure.code : null;
      const gone = code === 'not_found' || code === 'forbidden' || code === 'invalid_request';
      if (gone || (code === 'unauthenticated' && !isSignedIn)) {
        finishWaiting();
        setConversation(null);
      }
    },
    [isSignedIn, finishWaiting, setConversation],
  );
  const feed = useConversationFeed(conversationId, { poll: { mode: awaitingAgent ? 'agent' : 'idle', onFailure: onFetchFailed } });
  const { draft } = feed;

  const serverMessages = useMemo(
    () =>
      feed.messages.map((message) =>
        acceptedIds.has(message.id) ? { ...message, metadata: { ...message.metadata, proposal_status: 'accepted' as const } } : message,
      ),
    [feed.messages, acceptedIds],
  );
  const messages = useMemo(() => {
    const known = new Set(serverMessages.map((m) => m.id));
    return [...serverMessages, ...optimistic.filter((m) => !known.has(m.id))];
  }, [serverMessages, optimistic]);

  // Every fetch while waiting counts as one poll (docs/product.md "Entities": at most 30).
  const lastFetchAt = Math.max(feed.fetchedAt, feed.failedAt);
  const onFetched = useEffectEvent(() => {
    const current = wait.current;
    if (!current) return;
    current.polls += 1;
    const outcome = agentWaitOutcome(serverMessages, current.baselineId, current.polls);
    if (outcome === 'replied') {
      finishWaiting();
      onAgentReplied();
    } else if (outcome === 'timed_out') {
      finishWaiting();
      setError(CHAT_TEXTS.agentTimeout);
    }
  });
  useEffect(() => {
    if (lastFetchAt !== 0) onFetched();
  }, [lastFetchAt]);

  // Signing in hides the sign-in prompt and picks up the conversation sign-in restored (docs/product.md "Entities" "On sign-in").
  const [wasSignedIn, setWasSignedIn] = useState(isSignedIn);
  if (wasSignedIn !== isSignedIn) {
    setWasSignedIn(isSignedIn);
    if (isSignedIn) {
      setSignInPrompt(null);
      if (opened === undefined) setConversationIdState((current) => current ?? getCurrentConversationId());
    }
  }

  /** A stored conversation is being loaded (after a reload): not the empty hero yet. */
  const restoring = conversationId !== null && feed.pending && optimistic.length === 0;
  const userMessageCount = messages.filter((m) => m.senderType === 'user').length;
  const proposalAccepted = messages.some((m) => m.metadata.proposal_status === 'accepted');
  // The per-conversation limit bounds the talk with agent-1; after acceptance the humans talk on.
  const limitReached =
    isSignedIn && (serverLimitReached || (!proposalAccepted && userMessageCount >= LIMITS.signedInMessagesPerConversation));

  const send = useCallback(async () => {
    const content = input.trim();
    if (sendingRef.current || (content === '' && attachments.length === 0)) return;
    if (!isSignedIn && userMessageCount >= GUEST_MESSAGES_BEFORE_PROMPT) {
      setSignInPrompt({});
      return;
    }
    if (limitReached) {
      setError(CHAT_TEXTS.signedInLimit);
      return;
    }
    // A file that cannot be sent says why beside it (checked when picked); Send waits for its removal.
    if (attachments.some((a) => a.problem !== null)) return;
    const files = attachments;
    const myGeneration = generation.current;
    const local: ChatMessage = {
      id: `local-${randomId()}`,
      content,
      senderId: 'user',
      senderType: 'user',
      senderName: null,
      conversationId,
      timestamp: new Date().toISOString(),
      moderationStatus: 'pending',
      attachments: files.map(toChatAttachment),
      metadata: {},
      replyToMessageId: null,
    };
    // After acceptance a human answers, whenever they do: nobody is waited for.
    const awaitAgent = !proposalAccepted;
    if (awaitAgent) wait.current = { baselineId: serverMessages.at(-1)?.id ?? null, polls: 0 };
    sendingRef.current = true;
    setSending(true);
    if (awaitAgent) setPageState('agent_thinking');
    setError(null);
    setCanRetry(false);
    // Optimistic copies the server lists by now are dropped, with their previews.
    setOptimistic((current) => [...withoutListed(current, serverMessages), local]);
    setInput('');
    clear(true);
    try {
      const answer = await sendMutation.mutateAsync({ content, conversationId, files: files.map((a) => a.file) });
      if (generation.current !== myGeneration) return;
      setOptimistic((current) =>
        current.map((m) => (m.id === local.id ? { ...m, id: answer.id, conversationId: answer.conversation_id } : m)),
      );
      if (answer.conversation_id !== conversationId) setConversation(answer.conversation_id);
      if (!awaitAgent) finishWaiting();
    } catch (failure) {
      if (generation.current !== myGeneration) return;
      finishWaiting();
      setOptimistic((current) => current.filter((m) => m.id !== local.id));
      // Give the visitor their text and files back so nothing is lost.
      setInput((current) => (current === '' ? content : current));
      restore(files);
      const outcome = describeSendFailure(failure);
      setError(outcome.message);
      setCanRetry(outcome.canRetry);
      if (outcome.promptSignIn) setSignInPrompt({});
      if (outcome.limitReached) setServerLimitReached(true);
    }
  }, [
    input,
    attachments,
    clear,
    restore,
    isSignedIn,
    userMessageCount,
    limitReached,
    proposalAccepted,
    conversationId,
    serverMessages,
    sendMutation,
    finishWaiting,
    setConversation,
  ]);

  /** After "Let's modify it": the agent will ask what to change. */
  const startWaitingForAgent = useCallback(() => {
    wait.current = { baselineId: serverMessages.at(-1)?.id ?? null, polls: 0 };
    setPageState('waiting_for_agent');
  }, [serverMessages]);

  const markAccepted = useCallback((messageId: string) => {
    setAcceptedIds((current) => new Set(current).add(messageId));
  }, []);

  /** docs/product.md "New chat". */
  const newChat = useCallback(() => {
    generation.current += 1;
    if (conversationId) queryClient.removeQueries({ queryKey: messagesQueryKey(conversationId) });
    if (!isSignedIn) {
      if (conversationId) createGuestSessionId();
      else clearGuestSessionId();
    }
    setConversation(null);
    writeLocal(STORAGE_KEYS.preAuthConversationId, null);
    finishWaiting();
    setOptimistic([]);
    setInput('');
    setError(null);
    clear();
    setSignInPrompt(null);
    setServerLimitReached(false);
    setAcceptedIds(new Set());
  }, [conversationId, isSignedIn, queryClient, setConversation, finishWaiting, clear]);

  const dismissError = useCallback(() => {
    setError(null);
    setCanRetry(false);
  }, []);
  /** Shows the sign-in card; `message` says why when it is not the guest limit (e.g. sharing code). */
  const promptSignIn = useCallback((message?: string) => setSignInPrompt(message === undefined ? {} : { message }), []);

  return {
    conversationId,
    messages,
    /** When the server last answered the messages (each answer marks them read). */
    fetchedAt: feed.fetchedAt,
    draft,
    restoring,
    pageState,
    sending,
    input,
    setInput,
    attachments,
    addAttachments,
    removeAttachment,
    error,
    setError,
    dismissError,
    /** Sends the restored text and files again, after a failure that may pass (null otherwise). */
    retry: canRetry && error !== null ? send : null,
    signInPromptVisible: signInPrompt !== null,
    /** The sign-in card's text when it says more than the guest limit's. */
    signInMessage: signInPrompt?.message,
    promptSignIn,
    limitReached,
    proposalAccepted,
    send,
    newChat,
    startWaitingForAgent,
    markAccepted,
  };
}
