import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { PlusIcon } from '../../../components/icons.tsx';
import { BrandLink } from '../../../components/layout/brand-link.tsx';
import { SignInCard } from '../../../components/sign-in/sign-in-card.tsx';
import { useProductConfig } from '../../../lib/product-config.ts';
import { rememberPreAuthState } from '../../../lib/storage.ts';
import { useConversation } from '../hooks/use-conversation.ts';
import { useFollowConversation } from '../hooks/use-follow-conversation.ts';
import { ConversationDock, ConversationModals } from './conversation-dock.tsx';
import { ConversationMessages } from './conversation-messages.tsx';
import { AgentNote, Hero } from './hero.tsx';
import { ProfileStrip } from './profile-strip.tsx';

// Opened by a proposal action, after the page is up: its code loads then.
const SignInModal = lazy(async () => ({ default: (await import('../../../components/sign-in/sign-in-modal.tsx')).SignInModal }));

/** Routes that need sign-in send visitors here with this state (spec §2): the sign-in card shows. */
export interface HomeLocationState {
  signInRequired?: boolean;
  /** The path they came from, to return to after sign-in. */
  returnTo?: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The home chat page (spec §2 "Home chat page"): hero view without messages, chat view with them. */
export function ChatPage() {
  const { productName, aiName } = useProductConfig();
  const location = useLocation();
  const locationState = location.state as HomeLocationState | null;
  const controls = useConversation();
  const { auth, isSignedIn, chat, proposals } = controls;

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
          <ConversationDock controls={controls} placeholder={placeholder} beforeComposer={signInCard} />
          <AgentNote aiName={aiName} />
        </main>
      ) : (
        <>
          <main className="chat" ref={conversationRef}>
            <ConversationMessages controls={controls} />
            {signInCard}
          </main>
          <div className="dock">
            <div className="dock__inner">
              <ConversationDock controls={controls} placeholder={placeholder} />
              <AgentNote aiName={aiName} />
            </div>
          </div>
        </>
      )}

      {proposals.signInRequired ? (
        <Suspense fallback={null}>
          <SignInModal
            open
            title="Sign in to continue"
            message="Please sign in to accept or modify this proposal."
            onSignIn={() => void startSignIn('modal')}
            onClose={proposals.cancelSignIn}
          />
        </Suspense>
      ) : null}
      <ConversationModals controls={controls} />
    </div>
  );
}
