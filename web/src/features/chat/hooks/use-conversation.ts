import { useCallback, useRef, useState } from 'react';
import { useAuth } from '../../../lib/auth.tsx';
import { useChatSession } from './use-chat-session.ts';
import { useProposalActions } from './use-proposal-actions.ts';

/** The sign-in card's text when a guest asks to share code. */
export const SHARE_CODE_SIGN_IN_TEXT = 'Sign in to share your code through a repository. Signing in lets you:';

/**
 * What the home chat page and a thread on the Messages page share: the chat's state machine
 * ({@link useChatSession}), Accept and Modify ({@link useProposalActions}: an accepted proposal opens
 * the thank-you modal, a modification waits for the agent), the composer's input ref (focused when the
 * agent answers) and whether the thank-you and GitHub modals are open (a guest's
 * "Share code" shows the sign-in card instead).
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
      // Repositories come with signing in (docs/product.md "Code repository"): a guest sees the sign-in card.
      openGitHub: () => (isSignedIn ? setGitHubOpen(true) : chat.promptSignIn(SHARE_CODE_SIGN_IN_TEXT)),
      closeGitHub: () => setGitHubOpen(false),
    },
  };
}

/** What {@link useConversation} returns. */
export type ConversationControls = ReturnType<typeof useConversation>;
