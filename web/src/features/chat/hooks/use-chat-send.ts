import { LIMITS } from '@unstuck/contract';
import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import { keepChatDraft, keptChatDraft, randomId } from '../../../lib/storage.ts';
import { useSendMessage } from '../api/send-message.ts';
import type { ConversationAction } from '../state/conversation-state.ts';
import type { ChatMessage, PendingAttachment } from '../types.ts';
import { CHAT_TEXTS, describeSendFailure, GUEST_MESSAGES_BEFORE_PROMPT } from '../utils/chat-rules.ts';
import { usePendingAttachments } from './use-pending-attachments.ts';

const toChatAttachment = (a: PendingAttachment) => ({
  url: a.previewUrl ?? '',
  name: a.file.name,
  contentType: a.file.type || 'application/octet-stream',
  size: a.file.size,
});

export interface ChatSendOptions {
  isSignedIn: boolean;
  conversationId: string | null;
  /** What the conversation shows now (its user messages count toward the limits). */
  messages: readonly ChatMessage[];
  /** A send is under way, or its agent's answer awaited (the conversation state's `sending`). */
  sending: boolean;
  dispatch: Dispatch<ConversationAction>;
  /** The server created the conversation with the first message. */
  onCreated: (conversationId: string) => void;
  /** The home chat (not a thread of the Messages page): its text was kept across a sign-in that left the page. */
  home: boolean;
}

/**
 * The composer and sending a message (docs/product.md "Entities" "Message sending", "Validation"
 * limits): the text and files, the guest's and the conversation's limits, the optimistic copy, the
 * text and files given back on failure with the banner (and Retry when sending again may help) or
 * the sign-in card. New chat calls `reset`, so a send still in flight cannot write into the new chat.
 */
export function useChatSend({ isSignedIn, conversationId, messages, sending, dispatch, onCreated, home }: ChatSendOptions) {
  const sendMutation = useSendMessage();
  const { attachments, add: addAttachments, remove: removeAttachment, restore, clear } = usePendingAttachments();
  // ChatPage keeps the text before a sign-in leaves the page; it is taken back once.
  const [input, setInput] = useState(() => (home ? (keptChatDraft() ?? '') : ''));
  useEffect(() => {
    if (home) keepChatDraft(null);
  }, [home]);
  const [error, setError] = useState<string | null>(null);
  /** The last send failed in a way that sending again may fix: the banner offers Retry. */
  const [canRetry, setCanRetry] = useState(false);
  /** The sign-in card, when shown, with why (its default text is about sending more messages). */
  const [signInPrompt, setSignInPrompt] = useState<{ message?: string } | null>(null);
  const [serverLimitReached, setServerLimitReached] = useState(false);
  /** Set as Send is pressed (before the state says `sending`), so that a second press sends nothing. */
  const busy = useRef(false);
  const generation = useRef(0);
  // Free again when the state says so: the message is stored, or the agent it waited for answered
  // (which can come before the send's own answer, whose refresh of the messages may still run).
  useEffect(() => {
    if (!sending) busy.current = false;
  }, [sending]);

  const userMessageCount = messages.filter((m) => m.senderType === 'user').length;
  const proposalAccepted = messages.some((m) => m.metadata.proposal_status === 'accepted');
  // The per-conversation limit bounds the talk with agent-1; after acceptance the humans talk on.
  const limitReached =
    isSignedIn && (serverLimitReached || (!proposalAccepted && userMessageCount >= LIMITS.signedInMessagesPerConversation));

  // Signing in hides the sign-in card (docs/product.md "Entities" "On sign-in").
  const [wasSignedIn, setWasSignedIn] = useState(isSignedIn);
  if (wasSignedIn !== isSignedIn) {
    setWasSignedIn(isSignedIn);
    if (isSignedIn) setSignInPrompt(null);
  }

  const send = useCallback(async () => {
    const content = input.trim();
    if (busy.current || sending || (content === '' && attachments.length === 0)) return;
    if (!isSignedIn && userMessageCount >= GUEST_MESSAGES_BEFORE_PROMPT) return setSignInPrompt({});
    if (limitReached) return setError(CHAT_TEXTS.signedInLimit);
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
    busy.current = true;
    // After acceptance a human answers, whenever they do: nobody is waited for.
    dispatch({ type: 'sending', message: local, awaitAgent: !proposalAccepted });
    setError(null);
    setCanRetry(false);
    setInput('');
    clear(true);
    try {
      const answer = await sendMutation.mutateAsync({ content, conversationId, files: files.map((a) => a.file) });
      if (generation.current !== myGeneration) return;
      dispatch({ type: 'sent', localId: local.id, id: answer.id, conversationId: answer.conversation_id });
      if (answer.conversation_id !== conversationId) onCreated(answer.conversation_id);
    } catch (failure) {
      if (generation.current !== myGeneration) return;
      dispatch({ type: 'sendFailed', localId: local.id });
      busy.current = false;
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
    sending,
    clear,
    restore,
    isSignedIn,
    userMessageCount,
    limitReached,
    proposalAccepted,
    conversationId,
    dispatch,
    sendMutation,
    onCreated,
  ]);

  /** New chat: a send in flight is forgotten, and so are the text, the files, the banner, the card and the limit. */
  const reset = useCallback(() => {
    generation.current += 1;
    busy.current = false;
    setInput('');
    clear();
    setError(null);
    setCanRetry(false);
    setSignInPrompt(null);
    setServerLimitReached(false);
  }, [clear]);

  return {
    input,
    setInput,
    attachments,
    addAttachments,
    removeAttachment,
    send,
    reset,
    error,
    setError,
    dismissError: useCallback(() => {
      setError(null);
      setCanRetry(false);
    }, []),
    /** Sends the restored text and files again, after a failure that may pass (null otherwise). */
    retry: canRetry && error !== null ? send : null,
    signInPromptVisible: signInPrompt !== null,
    /** The sign-in card's text when it says more than the guest limit's. */
    signInMessage: signInPrompt?.message,
    /** Shows the sign-in card; `message` says why when it is not the guest limit (e.g. sharing code). */
    promptSignIn: useCallback((message?: string) => setSignInPrompt(message === undefined ? {} : { message }), []),
    limitReached,
    proposalAccepted,
    userMessageCount,
  };
}
