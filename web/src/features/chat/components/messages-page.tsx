import { Link, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { useInbox } from '../../../lib/inbox.ts';
import { ConversationThread } from './conversation-thread.tsx';

/** The latest message as a short plain-text preview (React escapes it; markdown marks are only dropped for reading). */
const PREVIEW_LENGTH = 90;
function preview(text: string): string {
  const plain = text
    .replace(/[*_`#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > PREVIEW_LENGTH ? `${plain.slice(0, PREVIEW_LENGTH - 1)}…` : plain;
}

/**
 * Messages (spec §2 names the route, not its content): the signed-in user's conversations with
 * title, latest message, time and unread count; `?conversation={id}` opens one beside the list.
 */
export function MessagesPage() {
  const inbox = useInbox();
  const [params, setParams] = useSearchParams();
  const openId = params.get('conversation');
  const conversations = inbox.data?.conversations ?? [];
  const open = conversations.find((c) => c.id === openId) ?? null;

  return (
    <PageLayout title="Messages" wide actions={<Link to="/dashboard">Back to the dashboard</Link>}>
      {inbox.error ? (
        <p className="banner banner--error" role="alert">
          {inbox.error.message}
        </p>
      ) : null}
      <div className="messages">
        <nav className="messages__list" aria-label="Your conversations">
          {inbox.isPending ? <p role="status">Loading...</p> : null}
          {inbox.isSuccess && conversations.length === 0 ? <p className="page__note">No conversations yet.</p> : null}
          <ul className="inbox">
            {conversations.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`inbox__item${c.id === openId ? ' inbox__item--open' : ''}`}
                  aria-current={c.id === openId ? 'true' : undefined}
                  onClick={() => setParams({ conversation: c.id })}
                >
                  <span className="inbox__head">
                    <span className="inbox__title">{c.title ?? c.id.slice(0, 8)}</span>
                    {c.unread_count > 0 ? (
                      <span className="count-badge" aria-label={`${c.unread_count} unread`}>
                        {c.unread_count}
                      </span>
                    ) : null}
                  </span>
                  {c.last_message ? <span className="inbox__preview">{preview(c.last_message.content)}</span> : null}
                  <span className="inbox__meta">
                    <time dateTime={c.last_message_at}>{formatTimestamp(c.last_message_at)}</time>
                    {c.task ? <StatusBadge status={c.task.status} /> : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="messages__thread">
          {open ? (
            <>
              <h2 className="messages__title">{open.title ?? open.id.slice(0, 8)}</h2>
              <ConversationThread key={open.id} conversationId={open.id} />
            </>
          ) : inbox.isSuccess && openId ? (
            <p className="page__note">Conversation not found.</p>
          ) : (
            <p className="page__note">Select a conversation to read and continue it.</p>
          )}
        </div>
      </div>
    </PageLayout>
  );
}
