import { Suspense, useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { PlusIcon } from '../../../components/icons.tsx';
import { AppHeader } from '../../../components/layout/app-header.tsx';
import { preloadMarkdown } from '../../../components/markdown.tsx';
import { SignInCard } from '../../../components/sign-in/sign-in-card.tsx';
import { useProductConfig } from '../../../lib/product-config.ts';
import { lazyWhenOnline } from '../../../lib/load-when-online.ts';
import { keepChatDraft, rememberPreAuthState } from '../../../lib/storage.ts';
import { useConversation } from '../hooks/use-conversation.ts';
import { useFollowConversation } from '../hooks/use-follow-conversation.ts';
import { ConversationDock, ConversationModals } from './conversation-dock.tsx';
import { LoadingConversation, NewMessagesPill } from './live-notices.tsx';
import { AgentNote, ExampleRequests, Hero, HowItWorks } from './hero.tsx';

// The messages (the list, proposal cards, the task's outcome) show once the visitor has written: their code
// loads as the visitor starts to (focus in the hero: the composer, an example) or a stored conversation opens,
// not with the home page's first view (docs/decisions/098-hydrated-first-views.md).
// A send made offline shows them at once: their load waits for the connection (lazyWhenOnline).
const loadConversationMessages = () => import('./conversation-messages.tsx');
const ConversationMessages = lazyWhenOnline(loadConversationMessages, 'ConversationMessages');
/** Starts loading the messages' code early; the render loads them itself, so a failure here is dropped. */
const preloadConversationMessages = () => void loadConversationMessages().catch(() => undefined);

// Opened by a proposal action, after the page is up: its code loads then.
const SignInModal = lazyWhenOnline(() => import('../../../components/sign-in/sign-in-modal.tsx'), 'SignInModal');

/** Routes that need sign-in send visitors here with this state (docs/product.md "Screens"): the sign-in card shows. */
export interface HomeLocationState {
  signInRequired?: boolean;
  /** The path they came from, to return to after sign-in. */
  returnTo?: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The home chat page (docs/product.md "Screens" "Home chat page") inside the app shell: for a first-time visitor the
 * hero (heading, subtitle, input, example requests and how it works); the chat view once messages exist.
 */
export function ChatPage() {
  const { productName, aiName, hourlyRate } = useProductConfig();
  const location = useLocation();
  const locationState = location.state as HomeLocationState | null;
  const controls = useConversation();
  const { auth, isSignedIn, chat, proposals, inputRef } = controls;

  const { signIn } = auth;
  const { conversationId, input, setError } = chat;
  const { carryOverSignIn } = proposals;
  const returnTo = locationState?.returnTo ?? location.pathname;
  /** Sign-in from the card (failures in the error banner) or the modal (an alert, docs/product.md "Errors"). */
  const startSignIn = useCallback(
    async (from: 'card' | 'modal') => {
      rememberPreAuthState(returnTo, conversationId);
      carryOverSignIn();
      // A redirect sign-in leaves the page: the text being written waits in this tab.
      keepChatDraft(input);
      try {
        await signIn();
      } catch (error) {
        if (from === 'modal') window.alert(`Sign-in failed: ${errorText(error)}`);
        else setError(errorText(error));
      }
    },
    [signIn, returnTo, conversationId, carryOverSignIn, input, setError],
  );

  // Signing out (in the app shell's menu) ends this chat: it belongs to the account now.
  const { newChat } = chat;
  const wasSignedIn = useRef(isSignedIn);
  useEffect(() => {
    if (wasSignedIn.current && !isSignedIn) newChat();
    wasSignedIn.current = isSignedIn;
  }, [isSignedIn, newChat]);

  const { promptSignIn } = chat;
  useEffect(() => {
    if (locationState?.signInRequired && !isSignedIn) promptSignIn();
  }, [locationState, isSignedIn, promptSignIn]);

  useEffect(() => {
    document.title = `${productName} · Human expert help for AI-built software`;
  }, [productName]);

  // A stored conversation is coming: its messages are Markdown, so the renderer starts loading now.
  useEffect(() => {
    if (conversationId !== null) preloadMarkdown();
  }, [conversationId]);

  const thinking = chat.pageState !== 'idle';
  const hero = chat.messages.length === 0 && chat.attachments.length === 0 && !chat.restoring;

  const follow = useFollowConversation(null, !hero, {
    trigger: `${chat.messages.length}:${chat.messages.at(-1)?.id}:${thinking}:${chat.draft !== null}:${chat.signInPromptVisible}:${controls.task?.status}`,
    ownNewest: chat.messages.at(-1)?.senderType === 'user',
  });

  const placeholder = chat.limitReached
    ? 'Message limit reached. Start a new conversation.'
    : hero
      ? 'Describe what you are building and where you are stuck...'
      : 'Type your reply...';

  const signInCard =
    chat.signInPromptVisible && !isSignedIn ? <SignInCard message={chat.signInMessage} onSignIn={() => void startSignIn('card')} /> : null;
  // New chat replaces the page with the hero: the focus goes on to its input, not to the page's body.
  const startNewChat = () => {
    chat.newChat();
    requestAnimationFrame(() => inputRef.current?.focus());
  };
  const newChatButton = hero ? null : (
    <button type="button" className="button button--ghost button--small" onClick={startNewChat}>
      <PlusIcon width={16} height={16} />
      <span className="collapse-label">New chat</span>
    </button>
  );
  const pickExample = (text: string) => {
    chat.setInput(text);
    inputRef.current?.focus();
  };

  return (
    <div className={`home ${hero ? 'home--hero' : 'home--chat'}`}>
      <AppHeader actions={newChatButton} className={hero ? 'topbar--clear' : ''} />

      {hero ? (
        <main className="hero" onFocus={preloadConversationMessages}>
          <Hero />
          <ConversationDock controls={controls} placeholder={placeholder} beforeComposer={signInCard} />
          <AgentNote aiName={aiName} />
          <ExampleRequests onPick={pickExample} />
          <HowItWorks aiName={aiName} hourlyRate={hourlyRate} />
        </main>
      ) : (
        <>
          <main className="chat">
            <h1 className="visually-hidden">Your conversation with {aiName}</h1>
            <Suspense fallback={<LoadingConversation />}>
              <ConversationMessages controls={controls} />
            </Suspense>
            {signInCard}
          </main>
          {/* A landmark of its own (below main, sticky at the bottom), so nothing on the page is outside one. */}
          <section className="dock" aria-label="Write a message">
            <NewMessagesPill visible={follow.newBelow} onShow={follow.showNewest} />
            <div className="dock__inner">
              <ConversationDock controls={controls} placeholder={placeholder} onNewChat={startNewChat} />
              {/* Once an expert holds the task the customer writes to a person: the AI notice goes. */}
              {controls.task?.assigneeName ? null : <AgentNote aiName={aiName} />}
            </div>
          </section>
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
