import type { Message } from '@unstuck/contract';
import { InlineSpinner } from '../../../components/spinner.tsx';
import { formatFileSize, formatTimestamp } from '../../../lib/format.ts';
import { useProductConfig } from '../../../lib/product-config.ts';
import { adminErrorText } from '../api/admin-errors.ts';
import { useConversationMessages } from '../api/get-conversation-messages.ts';
import { useUserConversations } from '../api/get-user-conversations.ts';
import { useUsers } from '../api/get-users.ts';
import type { AdminTabProps } from './admin-tabs.ts';
import { StaffMessageContent } from './staff-message-content.tsx';

/** docs/product.md "Limits" "Short conversation id": 8 characters. */
const SHORT_ID = 8;

export interface ConversationsTabProps extends AdminTabProps {
  selectedUserId: string | null;
  onSelectUser: (id: string) => void;
  selectedConversationId: string | null;
  onSelectConversation: (id: string) => void;
}

/** A person's, agent's or guest's name for an id: the users list, the AI's name for agents, else a short id. */
type NameOf = (id: string) => string;

/** One message as staff read it: sender, time, content (staff notes included), attachments, type and recipient, by name. */
function AdminMessage({ message, nameOf }: { message: Message; nameOf: NameOf }) {
  const sender = message.sender_name ?? nameOf(message.sender_id);
  return (
    <li className="admin-message">
      <div className="admin-message__meta">
        <strong title={message.sender_id}>{sender}</strong>
        <time dateTime={message.created_at}>{formatTimestamp(message.created_at)}</time>
      </div>
      <StaffMessageContent content={message.content} />
      {message.attachments.length > 0 ? (
        <ul className="admin-message__attachments" aria-label="Attachments">
          {message.attachments.map((attachment, index) => (
            <li key={`${attachment.url}-${index}`}>
              <a href={attachment.url} target="_blank" rel="noreferrer">
                {attachment.file_name}
              </a>{' '}
              ({formatFileSize(attachment.size)})
            </li>
          ))}
        </ul>
      ) : null}
      <div className="admin-message__meta admin-message__meta--small">
        <span>Type: {message.type}</span>
        <span title={message.recipient_id ?? undefined}>To: {message.recipient_id ? nameOf(message.recipient_id) : '—'}</span>
      </div>
    </li>
  );
}

/** docs/product.md "Screens" "Conversations tab": users, the selected user's conversations, the selected conversation's messages. */
export function ConversationsTab({
  onDelete,
  selectedUserId,
  onSelectUser,
  selectedConversationId,
  onSelectConversation,
}: ConversationsTabProps) {
  const users = useUsers();
  const conversations = useUserConversations(selectedUserId);
  const messages = useConversationMessages(selectedConversationId);
  const { aiName } = useProductConfig();
  const names = new Map((users.data ?? []).map((user) => [user.uid, user.name]));
  const nameOf: NameOf = (id) => names.get(id) ?? (id.startsWith('agent-') ? aiName : id.slice(0, SHORT_ID));

  return (
    <div className="admin-columns">
      <section className="admin-column" aria-label="Users">
        <h2 className="admin-column__title">Users</h2>
        {users.isPending ? <InlineSpinner /> : null}
        {users.isError ? <p role="alert">{adminErrorText(users.error, 'Failed to fetch users')}</p> : null}
        {users.data?.length === 0 ? <p className="admin-empty">No users found</p> : null}
        <ul className="admin-list">
          {users.data?.map((user) => (
            <li key={user.uid}>
              <button
                type="button"
                className={`admin-list__item${selectedUserId === user.uid ? ' admin-list__item--selected' : ''}`}
                aria-pressed={selectedUserId === user.uid}
                onClick={() => onSelectUser(user.uid)}
              >
                <span className="admin-list__title">{user.name}</span>
                <span className="admin-list__sub">{user.email}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="admin-column" aria-label="Conversations">
        <h2 className="admin-column__title">Conversations</h2>
        {selectedUserId === null ? <p className="admin-empty">Select a user to view conversations</p> : null}
        {conversations.isFetching && !conversations.data ? <InlineSpinner /> : null}
        {conversations.isError ? <p role="alert">{adminErrorText(conversations.error, 'Failed to fetch conversations')}</p> : null}
        {conversations.data?.length === 0 ? <p className="admin-empty">No conversations found</p> : null}
        <ul className="admin-list">
          {conversations.data?.map((conversation) => {
            const name = conversation.title || conversation.id.slice(0, SHORT_ID);
            return (
              <li key={conversation.id} className="admin-list__row">
                <button
                  type="button"
                  className={`admin-list__item${selectedConversationId === conversation.id ? ' admin-list__item--selected' : ''}`}
                  aria-pressed={selectedConversationId === conversation.id}
                  onClick={() => onSelectConversation(conversation.id)}
                >
                  <span className="admin-list__title">{name}</span>
                  <span className="admin-list__sub">
                    {conversation.message_count} messages · {conversation.participants.map(nameOf).join(', ')}
                  </span>
                  <span className="admin-list__sub">Last message {formatTimestamp(conversation.last_message_at)}</span>
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small button--danger-text"
                  aria-label={`Delete conversation ${name}`}
                  onClick={() => onDelete({ type: 'conversation', id: conversation.id, name })}
                >
                  Delete
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="admin-column admin-column--wide" aria-label="Messages">
        <h2 className="admin-column__title">Messages</h2>
        {selectedConversationId === null ? <p className="admin-empty">Select a conversation to view messages</p> : null}
        {messages.isFetching && !messages.data ? <InlineSpinner /> : null}
        {messages.isError ? <p role="alert">{adminErrorText(messages.error, 'Failed to fetch messages')}</p> : null}
        {messages.data?.length === 0 ? <p className="admin-empty">No messages found</p> : null}
        <ol className="admin-messages">
          {messages.data?.map((message) => (
            <AdminMessage key={message.id} message={message} nameOf={nameOf} />
          ))}
        </ol>
      </section>
    </div>
  );
}
