import { useProductConfig } from '../../../lib/product-config.ts';
import type { ConversationControls } from '../hooks/use-conversation.ts';
import { LoadingConversation } from './live-notices.tsx';
import { MessageList } from './message-list.tsx';
import { PaymentDue } from './payment-due.tsx';
import { TaskOutcome } from './task-outcome.tsx';
import { TypingIndicator } from './typing-indicator.tsx';

/**
 * A conversation's messages as the home page and the Messages page show them: the restoring note,
 * the message list with its proposal buttons, and the typing indicator while agent-1 thinks (its
 * streamed draft instead, once text arrives), and once an expert marked the task done, Confirm,
 * Reopen and the rating.
 */
export function ConversationMessages({ controls }: { controls: ConversationControls }) {
  const { aiName } = useProductConfig();
  const { chat, proposals } = controls;
  return (
    <>
      {chat.restoring ? <LoadingConversation /> : null}
      <MessageList
        messages={chat.messages}
        aiName={aiName}
        busyProposalId={proposals.busyMessageId}
        onAccept={(messageId) => proposals.request({ kind: 'accept', messageId })}
        onModify={(messageId) => proposals.request({ kind: 'modify', messageId })}
        draft={chat.draft}
      />
      {chat.pageState !== 'idle' && !chat.draft ? <TypingIndicator /> : null}
      {controls.task ? <PaymentDue task={controls.task} /> : null}
      {controls.task ? <TaskOutcome task={controls.task} messages={chat.messages} /> : null}
    </>
  );
}
