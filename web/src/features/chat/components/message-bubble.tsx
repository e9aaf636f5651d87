import { FileIcon } from '../../../components/icons.tsx';
import { Markdown } from '../../../components/markdown.tsx';
import { formatFileSize, formatTimestamp } from '../../../lib/format.ts';
import type { ChatAttachment, ChatMessage } from '../types.ts';
import { withoutInlinedFiles } from '@unstuck/contract';
import { messageElementId } from '../hooks/use-follow-conversation.ts';
import { ProposalCard } from './proposal-card.tsx';

export type ProposalView =
  | { state: 'actions'; busy: boolean; onAccept: () => void; onModify: () => void }
  | { state: 'accepted' }
  | { state: 'modification_requested' }
  /** An earlier proposal a later one replaced: shown without buttons. */
  | { state: 'superseded' };

export interface MessageBubbleProps {
  message: ChatMessage;
  senderLabel: string;
  /** The reader wrote it: on their side of the conversation. */
  mine: boolean;
  /** The "Replying to:" snippet, when this agent message answers a user message. */
  replyingTo: string | null;
  proposal: ProposalView | null;
  /** The agent is still writing this message (a streamed draft): marked busy for assistive technology. */
  writing?: boolean;
}

function AttachmentItem({ attachment }: { attachment: ChatAttachment }) {
  if (attachment.contentType.startsWith('image/') && attachment.url) {
    return (
      <a className="message-attachment message-attachment--image" href={attachment.url} target="_blank" rel="noreferrer">
        <img src={attachment.url} alt={attachment.name} loading="lazy" />
      </a>
    );
  }
  const label = (
    <>
      <FileIcon width={16} height={16} />
      <span className="message-attachment__name">{attachment.name}</span>
      {attachment.size !== null ? <span className="message-attachment__size">{formatFileSize(attachment.size)}</span> : null}
    </>
  );
  return attachment.url ? (
    <a className="message-attachment" href={attachment.url} target="_blank" rel="noreferrer">
      {label}
    </a>
  ) : (
    <span className="message-attachment">{label}</span>
  );
}

/** A person's text (a customer's or an expert's): the text files inlined for the agent show as their attachments instead. */
function ownText(message: ChatMessage): string {
  return withoutInlinedFiles(
    message.content,
    message.attachments.map((a) => a.name),
  );
}

/**
 * One message: sender label, US timestamp, "Replying to:" snippet, content, attachments; an agent's
 * proposal as a card with its price, hours and buttons first.
 */
export function MessageBubble({ message, senderLabel, mine, replyingTo, proposal, writing = false }: MessageBubbleProps) {
  const fromAgent = message.senderType === 'agent';
  const fromExpert = message.senderType === 'expert';
  const pending = message.moderationStatus === 'pending';
  // Experts write on the agent's side of the customer's conversation, marked as the human they are;
  // the reader's own messages (the customer's, or in the task view the expert's) are on the right.
  const side = mine ? 'message--user' : fromExpert ? 'message--agent message--expert' : 'message--agent';
  const text = fromAgent ? message.content : ownText(message);
  return (
    <article
      id={messageElementId(message.id)}
      className={`message ${side}${pending ? ' message--pending' : ''}${writing ? ' message--writing' : ''}${proposal ? ' message--proposal' : ''}`}
      aria-label={`Message from ${senderLabel}`}
      aria-busy={writing || undefined}
    >
      <header className="message__header">
        {fromAgent ? (
          <span className="message__avatar" aria-hidden="true">
            AI
          </span>
        ) : null}
        {fromExpert && !mine ? (
          <span className="message__avatar message__avatar--expert" aria-hidden="true">
            {senderLabel.trim().charAt(0).toUpperCase() || 'E'}
          </span>
        ) : null}
        <span className="message__sender">{senderLabel}</span>
        {fromExpert && !mine ? <span className="message__role">Human expert</span> : null}
        <time className="message__time" dateTime={message.timestamp}>
          {formatTimestamp(message.timestamp)}
        </time>
      </header>
      <div className="message__bubble">
        {replyingTo !== null ? (
          <div className="message__reply">
            <span className="message__reply-label">Replying to:</span> <q>{replyingTo}</q>
          </div>
        ) : null}
        {proposal ? (
          <ProposalCard
            content={message.content}
            estimate={message.metadata.intake?.estimate ?? null}
            versioning={message.metadata}
            view={proposal}
          />
        ) : fromAgent || fromExpert ? (
          <Markdown content={text} className="message__content" />
        ) : text ? (
          <p className="message__content message__content--plain">{text}</p>
        ) : null}
        {message.attachments.length > 0 ? (
          <div className="message__attachments">
            {message.attachments.map((a, index) => (
              <AttachmentItem key={`${a.url}-${index}`} attachment={a} />
            ))}
          </div>
        ) : null}
      </div>
      {pending ? <span className="message__status">Sending…</span> : null}
      {writing ? <span className="message__status">Writing…</span> : null}
    </article>
  );
}
