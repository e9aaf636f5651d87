import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@unstuck/contract';
import { useEffect, useRef, useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { useProductConfig } from '../../../lib/product-config.ts';
import { useConversationEvents } from '../api/conversation-events.ts';
import { messagesQueryKey } from '../api/get-messages.ts';
import { useFollowConversation } from '../hooks/use-follow-conversation.ts';
import { usePendingAttachments } from '../hooks/use-pending-attachments.ts';
import { fromServerMessage } from '../types.ts';
import { ChatComposer } from './chat-composer.tsx';
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
}

/** Both lists in one, by id (the later read wins), oldest first. */
function merged(current: readonly Message[], read: readonly Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of read) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/**
 * A customer's conversation as the expert holding its task (or an admin) works in it: the customer's
 * messages under their name, the reader's own as "You", event lines; live through the conversation's
 * event stream beside the task's polling (decision 018); a composer with attachments for replies.
 */
export function StaffConversation({ conversationId, messages, userId, customerName, composer }: StaffConversationProps) {
  const { aiName } = useProductConfig();
  const queryClient = useQueryClient();
  // The event stream merges into this query's data; each read of the task is merged in too.
  useEffect(() => {
    queryClient.setQueryData<Message[]>(messagesQueryKey(conversationId), (current) => merged(current ?? [], messages));
  }, [queryClient, conversationId, messages]);
  const live = useQuery<Message[]>({ queryKey: messagesQueryKey(conversationId), queryFn: skipToken }).data ?? messages;
  useConversationEvents(conversationId);
  const shown = live.map(fromServerMessage);

  const [input, setInput] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { attachments, add, remove, restore, clear } = usePendingAttachments();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  useFollowConversation(scroller, shown.length > 0, { trigger: `${shown.length}:${shown.at(-1)?.id}` });

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
      {composer ? (
        <div className="thread__dock">
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
