import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { inboxQueryKey } from '../../../lib/inbox.ts';
import { useProductConfig } from '../../../lib/product-config.ts';
import { useChatSession } from '../hooks/use-chat-session.ts';
import { useFollowConversation } from '../hooks/use-follow-conversation.ts';
import { useProposalActions } from '../hooks/use-proposal-actions.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ConversationMessages } from './conversation-messages.tsx';
import { GitHubModal } from './github-modal.tsx';
import { ThankYouModal } from './thank-you-modal.tsx';

/**
 * One of the signed-in user's conversations on the Messages page: the home page's message list,
 * proposal actions, typing indicator and composer, on the chat's own state machine, so the user
 * continues it exactly as on the home page. Mount it with `key={conversationId}`.
 */
export function ConversationThread({ conversationId }: { conversationId: string }) {
  const auth = useAuth();
  const { aiName } = useProductConfig();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const focusInput = useCallback(() => inputRef.current?.focus({ preventScroll: true }), []);
  const isSignedIn = auth.token !== null;
  const chat = useChatSession({ isSignedIn, onAgentReplied: focusInput, conversationId });
  const [thankYouOpen, setThankYouOpen] = useState(false);
  const [gitHubOpen, setGitHubOpen] = useState(false);
  const proposals = useProposalActions({
    conversationId: chat.conversationId,
    isSignedIn,
    authReady: auth.status === 'ready',
    onAccepted: (messageId) => {
      chat.markAccepted(messageId);
      setThankYouOpen(true);
    },
    onModified: () => chat.startWaitingForAgent(),
  });

  // Each fetch of the thread marks it read on the server: the list's counts follow.
  const lastId = chat.messages.at(-1)?.id;
  useEffect(() => {
    if (lastId) void queryClient.invalidateQueries({ queryKey: inboxQueryKey });
  }, [lastId, queryClient]);

  const thinking = chat.pageState !== 'idle';
  const threadRef = useRef<HTMLElement>(null);
  useFollowConversation(threadRef, true, `${chat.messages.length}:${lastId}:${thinking}:${chat.draft !== null}`);

  return (
    <section className="thread" aria-label="Conversation thread" ref={threadRef}>
      <div className="thread__messages">
        <ConversationMessages
          restoring={chat.restoring}
          messages={chat.messages}
          aiName={aiName}
          busyProposalId={proposals.busyMessageId}
          onProposalAction={proposals.request}
          thinking={thinking}
          draft={chat.draft}
        />
      </div>
      <div className="thread__dock">
        {chat.proposalAccepted ? (
          <div className="banner banner--success" role="status">
            <strong>Proposal Accepted!</strong> Our team will contact you by email.
          </div>
        ) : null}
        <ErrorBanner message={chat.error} onDismiss={chat.dismissError} />
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
          placeholder={chat.limitReached ? 'Message limit reached. Start a new conversation.' : 'Type your reply...'}
          inputRef={inputRef}
        />
      </div>
      <ThankYouModal open={thankYouOpen} onClose={() => setThankYouOpen(false)} />
      <GitHubModal
        open={gitHubOpen}
        onClose={() => setGitHubOpen(false)}
        conversationId={chat.conversationId}
        userEmail={auth.user?.email ?? null}
      />
    </section>
  );
}
