import type { ReactNode } from 'react';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import type { ConversationControls } from '../hooks/use-conversation.ts';
import { ChatComposer } from './chat-composer.tsx';
import { GitHubModal } from './github-modal.tsx';
import { ThankYouModal } from './thank-you-modal.tsx';

/**
 * Below a conversation (home page and Messages): the "Proposal Accepted!" banner once accepted, the
 * chat's error banner, `beforeComposer` (the home page's sign-in card) and the composer, which is
 * disabled at the message limit and after acceptance (spec §4, §5).
 */
export function ConversationDock({
  controls,
  placeholder,
  beforeComposer = null,
}: {
  controls: ConversationControls;
  placeholder: string;
  beforeComposer?: ReactNode;
}) {
  const { chat, inputRef, modals } = controls;
  return (
    <>
      {chat.proposalAccepted ? (
        <div className="banner banner--success" role="status">
          <strong>Proposal Accepted!</strong> Our team will contact you by email.
        </div>
      ) : null}
      <ErrorBanner message={chat.error} onDismiss={chat.dismissError} />
      {beforeComposer}
      <ChatComposer
        value={chat.input}
        onChange={chat.setInput}
        onSend={() => void chat.send()}
        attachments={chat.attachments}
        onAddFiles={chat.addAttachments}
        onRemoveAttachment={chat.removeAttachment}
        onShareCode={modals.openGitHub}
        disabled={chat.limitReached || chat.proposalAccepted}
        sending={chat.sending}
        placeholder={placeholder}
        inputRef={inputRef}
      />
    </>
  );
}

/** The thank-you modal after an acceptance and the "Share code via GitHub" modal of a conversation. */
export function ConversationModals({ controls }: { controls: ConversationControls }) {
  const { modals, chat, auth } = controls;
  return (
    <>
      <ThankYouModal open={modals.thankYouOpen} onClose={modals.closeThankYou} />
      <GitHubModal
        open={modals.gitHubOpen}
        onClose={modals.closeGitHub}
        conversationId={chat.conversationId}
        userEmail={auth.user?.email ?? null}
      />
    </>
  );
}
