import type { Message } from '@unstuck/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useProductConfig } from '../../../lib/product-config.ts';
import { useConversationFeed } from '../hooks/use-conversation-feed.ts';
import { useFollowConversation } from '../hooks/use-follow-conversation.ts';
import { usePendingAttachments } from '../hooks/use-pending-attachments.ts';
import { shownMessages } from '../state/conversation-state.ts';
import { ChatComposer } from './chat-composer.tsx';
import { NewMessagesPill, ReconnectingNotice } from './live-notices.tsx';
import { MessageList } from './message-list.tsx';

/** What the staff member's composer sends: the text (Markdown) and the chosen files. */
export interface StaffReply {
  content: string;
  files: File[];
}

export interface StaffConversationProps {
  conversationId: string;
  /** The conversation as the latest read of the task gave it, oldest first. */
  messages: Message[];
  /** The staff member reading it (their replies are "You") and the customer's name. */
  userId: string;
  customerName: string;
  /** Null: read only (the composer is left out). `onSend` rejects with the failure to show. */
  composer: { placeholder: string; onSend: (reply: StaffReply) => Promise<void> } | null;
  /** A new event line arrived (the task changed): the task's status panel reads it again at once. */
  onEventLine?: () => void;
}

/**
 * A customer's conversation as the expert holding its task (or an admin) works in it: the customer's
 * messages under their name, the reader's own as "You", event lines; live through the conversation's
 * event stream beside the task's polling (decision 054); a composer with attachments for replies.
 */
export function StaffConversation({ conversationId, messages, userId, customerName, composer, onEventLine }: StaffConversationProps) {
  const { aiName } = useProductConfig();
  // The event stream and each read of the task, merged by id.
  const { state } = useConversationFeed(conversationId, { reads: messages });
  const shown = useMemo(() => shownMessages(state), [state]);
  // The event line and the status panel come from the same change: the line's arrival reads the task.
  const lastEventId = shown.findLast((m) => m.senderType === 'system')?.id;
  const seenEventId = useRef(lastEventId);
  useEffect(() => {
    if (lastEventId === seenEventId.current) return;
    seenEventId.current = lastEventId;
    onEventLine?.();
  }, [lastEventId, onEventLine]);

  const [input, setInput] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { attachments, add, remove, restore, clear } = usePendingAttachments();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const follow = useFollowConversation(scroller, shown.length > 0, {
    trigger: `${shown.length}:${shown.at(-1)?.id}`,
    ownNewest: shown.at(-1)?.senderId === userId,
  });

  const send = async () => {
    const content = input.trim();
    if (!composer || sending || (content === '' && attachments.length === 0) || attachments.some((a) => a.problem !== null)) return;
    const files = attachments;
    setSending(true);
    setError(null);
    setInput('');
    clear(true);
    try {
      await composer.onSend({ content, files: files.map((a) => a.file) });
    } catch (failure) {
      // The text and files come back, so nothing is lost.
      setInput((current) => (current === '' ? content : current));
      restore(files);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="thread staff-thread" aria-label="Conversation with the customer">
      <div className="thread__messages" ref={scroller}>
        <div className="thread__content">
          {shown.length === 0 ? <p className="page__note">No messages yet.</p> : null}
          <MessageList
            messages={shown}
            aiName={aiName}
            reader={{ kind: 'staff', userId, customerName }}
            busyProposalId={null}
            onAccept={() => undefined}
            onModify={() => undefined}
          />
        </div>
      </div>
      <ReconnectingNotice visible={state.stream === 'reconnecting'} />
      {composer ? (
        <div className="thread__dock">
          <NewMessagesPill visible={follow.newBelow} onShow={follow.showNewest} />
          <ErrorBanner message={error} onDismiss={() => setError(null)} />
          <ChatComposer
            value={input}
            onChange={setInput}
            onSend={() => void send()}
            attachments={attachments}
            onAddFiles={add}
            onRemoveAttachment={remove}
            disabled={false}
            sending={sending}
            placeholder={composer.placeholder}
            inputRef={inputRef}
          />
        </div>
      ) : null}
    </section>
  );
}
