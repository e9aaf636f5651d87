import { useCallback, useRef, useState } from 'react';
import { useAuth } from '../../../lib/auth.tsx';
import { useChatSession } from './use-chat-session.ts';
import { useProposalActions } from './use-proposal-actions.ts';

/**
 * What the home chat page and a thread on the Messages page share: the chat's state machine
 * ({@link useChatSession}), Accept and Modify ({@link useProposalActions}: an accepted proposal opens
 * the thank-you modal, a modification waits for the agent), the composer's input ref (focused when the
 * agent answers) and whether the thank-you and GitHub modals are open.
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
  const [thankYouOpen, setThankYouOpen] = useState(false);
  const [gitHubOpen, setGitHubOpen] = useState(false);
  const proposals = useProposalActions({
    conversationId: chat.conversationId,
    isSignedIn,
    authReady: auth.status === 'ready',
    // The accept and modify hooks refresh the messages themselves.
    onAccepted: (messageId) => {
      chat.markAccepted(messageId);
      setThankYouOpen(true);
    },
    onModified: () => chat.startWaitingForAgent(),
  });
  return {
    auth,
    isSignedIn,
    chat,
    proposals,
    inputRef,
    modals: {
      thankYouOpen,
      closeThankYou: () => setThankYouOpen(false),
      gitHubOpen,
      openGitHub: () => setGitHubOpen(true),
      closeGitHub: () => setGitHubOpen(false),
    },
  };
}

/** What {@link useConversation} returns. */
export type ConversationControls = ReturnType<typeof useConversation>;
