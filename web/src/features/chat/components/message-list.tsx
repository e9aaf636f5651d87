import { useMemo } from 'react';
import { staffEventLine } from '@unstuck/contract';
import type { StreamedDraft } from '../state/conversation-state.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { messageElementId } from '../hooks/use-follow-conversation.ts';
import type { ChatMessage } from '../types.ts';
import { isProposal } from '../utils/proposal.ts';
import { replySnippet } from '../utils/reply-snippet.ts';
import { MessageBubble, type ProposalView } from './message-bubble.tsx';

/**
 * Whose eyes read the conversation: the customer's (home page, Messages), or a staff member's (the
 * expert's task view), for whom the customer is named and their own replies are "You".
 */
export type ConversationReader = { kind: 'customer' } | { kind: 'staff'; userId: string; customerName: string };

export interface MessageListProps {
  messages: ChatMessage[];
  aiName: string;
  /** Default: the customer. */
  reader?: ConversationReader;
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

/** Whether the reader wrote the message (shown on their side, as "You"). */
function isMine(message: ChatMessage, reader: ConversationReader): boolean {
  return reader.kind === 'customer' ? message.senderType === 'user' : message.senderType === 'expert' && message.senderId === reader.userId;
}

/** "You", the AI's name, a human expert's own name (apart from the AI), or to staff the customer's name. */
function senderLabel(message: ChatMessage, aiName: string, reader: ConversationReader): string {
  if (isMine(message, reader)) return 'You';
  if (message.senderType === 'agent') return aiName;
  if (message.senderType === 'expert') return message.senderName ?? 'Expert';
  return reader.kind === 'staff' ? reader.customerName : 'You';
}

/**
 * A change of the task in the conversation ("Eve, human expert, took your task", "Marked done"): a
 * centred system line with its time, not a bubble, shown as plain text: the server's line for the
 * customer, the same event in the third person for staff.
 */
function EventLine({ message, reader }: { message: ChatMessage; reader: ConversationReader }) {
  const event = message.metadata.event;
  const text = reader.kind === 'staff' && event ? staffEventLine(event, reader.customerName) : message.content;
  return (
    <p className="event-line" id={messageElementId(message.id)}>
      <span className="event-line__body">
        <span className="event-line__text">{text}</span>
        <time className="event-line__time" dateTime={message.timestamp}>
          {formatTimestamp(message.timestamp)}
        </time>
      </span>
    </p>
  );
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
export function MessageList({
  messages,
  aiName,
  reader = { kind: 'customer' },
  busyProposalId,
  onAccept,
  onModify,
  draft = null,
}: MessageListProps) {
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
          if (message.senderType === 'system') {
            return (
              <li key={message.id} className="message-list__item message-list__item--event">
                <EventLine message={message} reader={reader} />
              </li>
            );
          }
          const original = repliedTo(messages, index, byId);
          return (
            <li key={message.id} className="message-list__item">
              <MessageBubble
                message={message}
                senderLabel={senderLabel(message, aiName, reader)}
                mine={isMine(message, reader)}
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
              mine={false}
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
