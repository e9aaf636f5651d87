import { useQueryClient } from '@tanstack/react-query';
import type { InboxResponse } from '@unstuck/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../../../lib/auth.tsx';
import { inboxQueryKey } from '../../../lib/inbox.ts';
import { useConversationTask } from '../api/conversation-task.ts';
import { useChatSession } from './use-chat-session.ts';
import { useProposalActions } from './use-proposal-actions.ts';

/** The sign-in card's text when a guest asks to share code. */
export const SHARE_CODE_SIGN_IN_TEXT = 'Sign in to share your code through a repository. Signing in lets you:';

/**
 * What the home chat page and a thread on the Messages page share: the chat's state machine
 * ({@link useChatSession}), Accept and Modify ({@link useProposalActions}: an accepted proposal opens
 * the thank-you modal, a modification waits for the agent), the task once accepted (who answers, its
 * status), the composer's input ref (focused when the agent answers) and whether the thank-you and
 * GitHub modals are open.
 * @param conversationId the conversation to show (Messages); omitted, the home page's current one.
 */
export function useConversation(conversationId?: string) {
  const auth = useAuth();
  const isSignedIn = auth.token !== null;
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // preventScroll: the page is scrolling to the new message; focusing must not interrupt it. Not on
  // touch screens: the keyboard would open and cover the answer the person wants to read.
  const focusInput = useCallback(() => {
    if (!window.matchMedia('(pointer: coarse)').matches) inputRef.current?.focus({ preventScroll: true });
  }, []);
  const chat = useChatSession({ isSignedIn, onAgentReplied: focusInput, ...(conversationId ? { conversationId } : {}) });
  // Each fetch of the conversation marks it read on the server: the unread counts of the app shell,
  // Messages and the dashboard follow at once rather than at their next poll. A message the event
  // stream brought is read by the next fetch, so the open thread fetches at once (it would not count
  // as read until the next poll, up to 30 s later), and the counts are read again after it while the
  // inbox still counts this conversation unread.
  const { unreadStreamed, refresh } = chat;
  useEffect(() => {
    if (isSignedIn && unreadStreamed > 0) refresh();
  }, [isSignedIn, unreadStreamed, refresh]);
  const queryClient = useQueryClient();
  const lastId = chat.messages.at(-1)?.id;
  const { conversationId: openId, fetchedAt } = chat;
  const seenLastId = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!isSignedIn || !lastId) return;
    const inbox = queryClient.getQueryData<InboxResponse>(inboxQueryKey);
    const unreadHere = (inbox?.conversations.find((c) => c.id === openId)?.unread_count ?? 0) > 0;
    if (lastId !== seenLastId.current || unreadHere) void queryClient.invalidateQueries({ queryKey: inboxQueryKey });
    seenLastId.current = lastId;
  }, [lastId, fetchedAt, openId, isSignedIn, queryClient]);
  // After acceptance the task says who answers and where it stands; each event line reads it again.
  const lastEventId = chat.messages.findLast((m) => m.senderType === 'system')?.id ?? '';
  const task = useConversationTask(chat.conversationId, isSignedIn && chat.proposalAccepted, lastEventId);
  // The acceptance the thank-you modal is open for; null while it is closed.
  const [thankYou, setThankYou] = useState<AcceptanceWords | null>(null);
  const [gitHubOpen, setGitHubOpen] = useState(false);
  const proposals = useProposalActions({
    conversationId: chat.conversationId,
    isSignedIn,
    authReady: auth.status === 'ready',
    // The accept and modify hooks refresh the messages themselves.
    onAccepted: (messageId, confirmationEmailTo) => {
      chat.markAccepted(messageId);
      const proposalContent = chat.messages.find((m) => m.id === messageId)?.content ?? null;
      setThankYou({ confirmationEmailTo, proposalContent });
    },
    onModified: () => chat.startWaitingForAgent(),
  });
  return {
    auth,
    isSignedIn,
    chat,
    /** The conversation's task once accepted (null before, and for guests). */
    task: chat.proposalAccepted ? (task.data ?? null) : null,
    proposals,
    inputRef,
    modals: {
      /** What the open thank-you modal says of the acceptance; null while it is closed. */
      thankYou,
      closeThankYou: () => setThankYou(null),
      gitHubOpen,
      // Repositories come with signing in (docs/product.md "Code repository"): a guest sees the sign-in card.
      openGitHub: () => (isSignedIn ? setGitHubOpen(true) : chat.promptSignIn(SHARE_CODE_SIGN_IN_TEXT)),
      closeGitHub: () => setGitHubOpen(false),
    },
  };
}

/** What an acceptance tells the thank-you modal: where its email went (null: none) and the proposal accepted. */
export interface AcceptanceWords {
  confirmationEmailTo: string | null;
  proposalContent: string | null;
}

/** What {@link useConversation} returns. */
export type ConversationControls = ReturnType<typeof useConversation>;
