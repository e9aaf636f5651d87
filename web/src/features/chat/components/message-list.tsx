import { useMemo } from 'react';
import type { StreamedDraft } from '../api/conversation-events.ts';
import type { ChatMessage } from '../types.ts';
import { isProposal } from '../utils/proposal.ts';
import { replySnippet } from '../utils/reply-snippet.ts';
import { MessageBubble, type ProposalView } from './message-bubble.tsx';

export interface MessageListProps {
  messages: ChatMessage[];
  aiName: string;
  busyProposalId: string | null;
  onAccept: (messageId: string) => void;
  onModify: (messageId: string) => void;
  /** The agent's message being written, shown last until the message itself replaces it. */
  draft?: StreamedDraft | null;
}

/** The user message an agent message answers: the one it names, else the message right before it. */
function repliedTo(messages: ChatMessage[], index: number, byId: Map<string, ChatMessage>): ChatMessage | null {
  const message = messages[index];
  if (!message || message.senderType !== 'agent') return null;
  const named = message.replyToMessageId ? byId.get(message.replyToMessageId) : undefined;
  const candidate = named ?? messages[index - 1];
  return candidate?.senderType === 'user' ? candidate : null;
}

/** "You", the AI's name, or a human expert's own name (the hand-off: apart from the AI). */
function senderLabel(message: ChatMessage, aiName: string): string {
  if (message.senderType === 'agent') return aiName;
  if (message.senderType === 'expert') return message.senderName ?? 'Expert';
  return 'You';
}

/** A draft as the agent bubble it will become (no buttons: they come with the stored message). */
function draftMessage(draft: StreamedDraft): ChatMessage {
  return {
    id: 'draft',
    content: draft.content,
    senderId: 'agent-1',
    senderType: 'agent',
    senderName: null,
    conversationId: draft.conversationId,
    timestamp: draft.startedAt,
    moderationStatus: 'approved',
    attachments: [],
    metadata: {},
    replyToMessageId: draft.reply_to,
  };
}

/**
 * The conversation, oldest first, as a live log; proposal buttons on the latest pending proposal
 * only; the draft last.
 */
export function MessageList({ messages, aiName, busyProposalId, onAccept, onModify, draft = null }: MessageListProps) {
  const byId = useMemo(() => new Map(messages.map((m) => [m.id, m])), [messages]);
  const proposalIds = useMemo(
    () => messages.filter((m) => m.senderType === 'agent' && isProposal(m.content, m.metadata)).map((m) => m.id),
    [messages],
  );
  const latestProposalId = proposalIds.at(-1) ?? null;
  const replyTo = (id: string | null) => {
    const original = id ? byId.get(id) : undefined;
    return original ? replySnippet(original.content || (original.attachments[0]?.name ?? '')) : null;
  };

  const proposalView = (message: ChatMessage): ProposalView | null => {
    if (!proposalIds.includes(message.id)) return null;
    const status = message.metadata.proposal_status;
    if (status === 'accepted') return { state: 'accepted' };
    if (status === 'modification_requested') return { state: 'modification_requested' };
    // Only the latest proposal can still be answered.
    if (message.id !== latestProposalId) return { state: 'superseded' };
    return {
      state: 'actions',
      busy: busyProposalId === message.id,
      onAccept: () => onAccept(message.id),
      onModify: () => onModify(message.id),
    };
  };

  // A log: screen readers announce each message as it arrives (the draft is busy until it is whole).
  return (
    <div role="log" aria-label="Conversation">
      <ol className="message-list">
        {messages.map((message, index) => {
          const original = repliedTo(messages, index, byId);
          return (
            <li key={message.id} className="message-list__item">
              <MessageBubble
                message={message}
                senderLabel={senderLabel(message, aiName)}
                replyingTo={original ? replySnippet(original.content || (original.attachments[0]?.name ?? '')) : null}
                proposal={proposalView(message)}
              />
            </li>
          );
        })}
        {draft ? (
          <li key="draft" className="message-list__item">
            <MessageBubble
              message={draftMessage(draft)}
              senderLabel={aiName}
              replyingTo={replyTo(draft.reply_to)}
              proposal={null}
              writing
            />
          </li>
        ) : null}
      </ol>
    </div>
  );
}
