import { Suspense, type ReactNode } from 'react';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useExpertResponse, usePaymentsConfig } from '../../../lib/product-config.ts';
import type { ConversationControls } from '../hooks/use-conversation.ts';
import { CHAT_TEXTS, GUEST_MESSAGES_BEFORE_PROMPT } from '../utils/chat-rules.ts';
import { composerNote, firstName } from '../utils/task-words.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ReconnectingNotice } from './live-notices.tsx';
import { lazyWhenOnline } from '../../../lib/load-when-online.ts';

// Opened by a click, after the page is up: their code loads then (the home page's first view stays light).
const ThankYouModal = lazyWhenOnline(() => import('./thank-you-modal.tsx'), 'ThankYouModal');
const GitHubModal = lazyWhenOnline(() => import('./github-modal.tsx'), 'GitHubModal');

/**
 * Below a conversation (home page and Messages): the chat's error banner, `beforeComposer` (the home
 * page's sign-in card), the composer, which is disabled at the message limit (docs/product.md
 * "Entities", "Validation"), and once accepted the task's note under it, following its status
 * ({@link composerNote}). After acceptance the composer stays on: the customer now writes to the
 * expert team (docs/product.md "Working with the expert", decision 026).
 */
export function ConversationDock({
  controls,
  placeholder,
  beforeComposer = null,
  onNewChat,
}: {
  controls: ConversationControls;
  placeholder: string;
  beforeComposer?: ReactNode;
  /** Starts a new conversation: the way on offered beside the message-limit refusal (the home page). */
  onNewChat?: () => void;
}) {
  const { chat, inputRef, modals, task, isSignedIn } = controls;
  // The note that reads these shows only after an acceptance.
  const expertResponse = useExpertResponse(chat.proposalAccepted);
  const payments = usePaymentsConfig(chat.proposalAccepted);
  // A guest is told before their last message, and Send says why it waits while the sign-in card is up.
  const guestLeft = isSignedIn ? null : GUEST_MESSAGES_BEFORE_PROMPT - chat.messages.filter((m) => m.senderType === 'user').length;
  const waitsForSignIn = guestLeft !== null && guestLeft <= 0 && chat.signInPromptVisible;
  // After acceptance the customer writes to the humans: the team, then the expert who took the task.
  const expertName = task?.assigneeName ? firstName(task.assigneeName) : null;
  const composerPlaceholder = chat.limitReached
    ? placeholder
    : chat.proposalAccepted
      ? expertName
        ? `Message ${expertName}…`
        : 'Message the expert team…'
      : placeholder;
  return (
    <>
      <ReconnectingNotice visible={chat.reconnecting} />
      <ErrorBanner
        message={chat.error}
        onDismiss={chat.dismissError}
        onRetry={chat.retry ? () => void chat.retry?.() : null}
        action={chat.limitReached && onNewChat ? { label: 'New chat', onClick: onNewChat } : null}
      />
      {beforeComposer}
      <ChatComposer
        value={chat.input}
        onChange={chat.setInput}
        onSend={() => void chat.send()}
        attachments={chat.attachments}
        onAddFiles={chat.addAttachments}
        onRemoveAttachment={chat.removeAttachment}
        onShareCode={modals.openGitHub}
        disabled={chat.limitReached}
        sending={chat.sending}
        placeholder={composerPlaceholder}
        inputRef={inputRef}
        hint={guestLeft === 1 ? CHAT_TEXTS.guestLastMessage : null}
        waitReason={waitsForSignIn ? CHAT_TEXTS.signInToSend : null}
      />
      {chat.proposalAccepted ? (
        <p className="task-note" role="status">
          {composerNote(task, expertResponse, payments)}
        </p>
      ) : null}
    </>
  );
}

/** The thank-you modal after an acceptance and the "Share code via GitHub" modal of a conversation. */
export function ConversationModals({ controls }: { controls: ConversationControls }) {
  const { modals, chat, auth, inputRef } = controls;
  return (
    <Suspense fallback={null}>
      {modals.thankYou ? (
        <ThankYouModal open onClose={modals.closeThankYou} returnFocusTo={() => inputRef.current} acceptance={modals.thankYou} />
      ) : null}
      {modals.gitHubOpen ? (
        <GitHubModal open onClose={modals.closeGitHub} conversationId={chat.conversationId} userEmail={auth.user?.email ?? null} />
      ) : null}
    </Suspense>
  );
}
