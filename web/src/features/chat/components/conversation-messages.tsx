import type { StreamedDraft } from '../api/conversation-events.ts';
import type { ProposalAction } from '../hooks/use-proposal-actions.ts';
import type { ChatMessage } from '../types.ts';
import { MessageList } from './message-list.tsx';
import { TypingIndicator } from './typing-indicator.tsx';

/**
 * A conversation's messages as the home page and the Messages page show them: the restoring note,
 * the message list with its proposal buttons, and the typing indicator while agent-1 thinks (its
 * streamed draft instead, once text arrives).
 */
export function ConversationMessages({
  restoring,
  messages,
  aiName,
  busyProposalId,
  onProposalAction,
  thinking,
  draft,
}: {
  restoring: boolean;
  messages: ChatMessage[];
  aiName: string;
  busyProposalId: string | null;
  onProposalAction: (action: ProposalAction) => void;
  thinking: boolean;
  draft: StreamedDraft | null;
}) {
  return (
    <>
      {restoring ? (
        <p className="chat__loading" role="status">
          Loading your conversation…
        </p>
      ) : null}
      <MessageList
        messages={messages}
        aiName={aiName}
        busyProposalId={busyProposalId}
        onAccept={(messageId) => onProposalAction({ kind: 'accept', messageId })}
        onModify={(messageId) => onProposalAction({ kind: 'modify', messageId })}
        draft={draft}
      />
      {thinking && !draft ? <TypingIndicator /> : null}
    </>
  );
}
