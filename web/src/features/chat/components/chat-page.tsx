import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PlusIcon } from '../../../components/icons.tsx';
import { BrandLink } from '../../../components/layout/brand-link.tsx';
import { SignInCard } from '../../../components/sign-in/sign-in-card.tsx';
import { SignInModal } from '../../../components/sign-in/sign-in-modal.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useProductConfig } from '../../../lib/product-config.ts';
import { rememberPreAuthState } from '../../../lib/storage.ts';
import { useChatSession } from '../hooks/use-chat-session.ts';
import { useFollowConversation } from '../hooks/use-follow-conversation.ts';
import { useProposalActions } from '../hooks/use-proposal-actions.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ConversationMessages } from './conversation-messages.tsx';
import { GitHubModal } from './github-modal.tsx';
import { AgentNote, Hero } from './hero.tsx';
import { ProfileStrip } from './profile-strip.tsx';
import { ThankYouModal } from './thank-you-modal.tsx';

/** Routes that need sign-in send visitors here with this state (spec §2): the sign-in card shows. */
export interface HomeLocationState {
  signInRequired?: boolean;
  /** The path they came from, to return to after sign-in. */
  returnTo?: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The home chat page (spec §2 "Home chat page"): hero view without messages, chat view with them. */
export function ChatPage() {
  const auth = useAuth();
  const { productName, aiName } = useProductConfig();
  const location = useLocation();
  const isSignedIn = auth.token !== null;
  const locationState = location.state as HomeLocationState | null;
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // preventScroll: the page is scrolling to the new message; focusing must not interrupt it.
  const focusInput = useCallback(() => inputRef.current?.focus({ preventScroll: true }), []);
  const chat = useChatSession({ isSignedIn, onAgentReplied: focusInput });
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

  const { signIn } = auth;
  const { conversationId, setError } = chat;
  const { carryOverSignIn } = proposals;
  const returnTo = locationState?.returnTo ?? location.pathname;
  /** Sign-in from the card (failures in the error banner) or the modal (an alert, spec §8). */
  const startSignIn = useCallback(
    async (from: 'card' | 'modal') => {
      rememberPreAuthState(returnTo, conversationId);
      carryOverSignIn();
      try {
        await signIn();
      } catch (error) {
        if (from === 'modal') window.alert(`Sign-in failed: ${errorText(error)}`);
        else setError(errorText(error));
      }
    },
    [signIn, returnTo, conversationId, carryOverSignIn, setError],
  );

  const { newChat } = chat;
  const signOut = useCallback(async () => {
    try {
      await auth.signOut();
      newChat();
    } catch (error) {
      setError(errorText(error));
    }
  }, [auth, newChat, setError]);

  const { promptSignIn } = chat;
  useEffect(() => {
    if (locationState?.signInRequired && !isSignedIn) promptSignIn();
  }, [locationState, isSignedIn, promptSignIn]);

  useEffect(() => {
    document.title = `${productName} · Human expert help for AI-built software`;
  }, [productName]);

  const thinking = chat.pageState !== 'idle';
  const hero = chat.messages.length === 0 && chat.attachments.length === 0 && !chat.restoring;

  const conversationRef = useRef<HTMLElement>(null);
  useFollowConversation(
    conversationRef,
    !hero,
    `${chat.messages.length}:${chat.messages.at(-1)?.id}:${thinking}:${chat.draft !== null}:${chat.signInPromptVisible}`,
  );

  const placeholder = chat.limitReached
    ? 'Message limit reached. Start a new conversation.'
    : chat.proposalAccepted
      ? 'Proposal accepted. Start a new chat for another request.'
      : hero
        ? 'Describe what you are building and where you are stuck...'
        : 'Type your reply...';

  const composer = (
    <ChatComposer
      value={chat.input}
      onChange={chat.setInput}
      onSend={() => void chat.send()}
      attachments={chat.attachments}
      onAddFiles={chat.addAttachments}
      onRemoveAttachment={chat.removeAttachment}
      onShareCode={() => setGitHubOpen(true)}
      disabled={chat.limitReached || chat.proposalAccepted}
      sending={chat.sending}
      placeholder={placeholder}
      inputRef={inputRef}
    />
  );
  const signInCard = chat.signInPromptVisible && !isSignedIn ? <SignInCard onSignIn={() => void startSignIn('card')} /> : null;

  return (
    <div className={`home ${hero ? 'home--hero' : 'home--chat'}`}>
      <header className="topbar">
        <BrandLink />
        <div className="topbar__actions">
          {!hero ? (
            <button type="button" className="button button--ghost button--small" onClick={chat.newChat}>
              <PlusIcon width={16} height={16} />
              <span className="collapse-label">New chat</span>
            </button>
          ) : null}
          {auth.user ? <ProfileStrip user={auth.user} onSignOut={() => void signOut()} /> : null}
        </div>
      </header>

      {hero ? (
        <main className="hero">
          <Hero />
          <ErrorBanner message={chat.error} onDismiss={chat.dismissError} />
          {signInCard}
          {composer}
          <AgentNote aiName={aiName} />
        </main>
      ) : (
        <>
          <main className="chat" ref={conversationRef}>
            <ConversationMessages
              restoring={chat.restoring}
              messages={chat.messages}
              aiName={aiName}
              busyProposalId={proposals.busyMessageId}
              onProposalAction={proposals.request}
              thinking={thinking}
              draft={chat.draft}
            />
            {signInCard}
          </main>
          <div className="dock">
            <div className="dock__inner">
              {chat.proposalAccepted ? (
                <div className="banner banner--success" role="status">
                  <strong>Proposal Accepted!</strong> Our team will contact you by email.
                </div>
              ) : null}
              <ErrorBanner message={chat.error} onDismiss={chat.dismissError} />
              {composer}
              <AgentNote aiName={aiName} />
            </div>
          </div>
        </>
      )}

      <SignInModal
        open={proposals.signInRequired}
        title="Sign in to continue"
        message="Please sign in to accept or modify this proposal."
        onSignIn={() => void startSignIn('modal')}
        onClose={proposals.cancelSignIn}
      />
      <ThankYouModal open={thankYouOpen} onClose={() => setThankYouOpen(false)} />
      <GitHubModal
        open={gitHubOpen}
        onClose={() => setGitHubOpen(false)}
        conversationId={conversationId}
        userEmail={auth.user?.email ?? null}
      />
    </div>
  );
}
