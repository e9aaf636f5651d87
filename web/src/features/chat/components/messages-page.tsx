import { Link, useSearchParams } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ChevronLeftIcon } from '../../../components/icons.tsx';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { DelayedSpinner } from '../../../components/spinner.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { useInbox } from '../../../lib/inbox.ts';
import { loadFailureText } from '../../../lib/load-failure.ts';
import { typographicQuotes } from '../utils/proposal-parts.ts';
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

const titleOf = (c: { id: string; title: string | null }) => (c.title ? typographicQuotes(c.title) : c.id.slice(0, 8));

/**
 * Messages (docs/product.md "Screens" names the route, not its content) as an inbox: the signed-in user's
 * conversations with title, latest message, time and unread count beside the open one
 * (`?conversation={id}`); the list and the thread scroll on their own. On a phone, the list opens a
 * thread and Back returns to it.
 */
export function MessagesPage() {
  const inbox = useInbox();
  const [params, setParams] = useSearchParams();
  const openId = params.get('conversation');
  const conversations = inbox.data?.conversations ?? [];
  const open = conversations.find((c) => c.id === openId) ?? null;

  return (
    <PageLayout title="Messages" wide fill hiddenTitle>
      <div className={`inbox-page${openId ? ' inbox-page--open' : ''}`}>
        <nav className="inbox-page__list" aria-label="Your conversations">
          <div className="inbox-page__head">
            <h2 className="inbox-page__title">Conversations</h2>
            <Link className="button button--ghost button--small" to="/">
              New request
            </Link>
          </div>
          <ErrorBanner
            message={inbox.error ? loadFailureText('your conversations', inbox.error) : null}
            onRetry={() => void inbox.refetch()}
          />
          {inbox.isPending ? <DelayedSpinner label="Loading your conversations" /> : null}
          {inbox.isSuccess && conversations.length === 0 ? (
            <p className="page__note inbox-page__empty">
              No conversations yet. <Link to="/">Describe what you need</Link> and it will show here.
            </p>
          ) : null}
          <ul className="inbox">
            {conversations.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`inbox__item${c.id === openId ? ' inbox__item--open' : ''}${c.unread_count > 0 ? ' inbox__item--unread' : ''}`}
                  aria-current={c.id === openId ? 'true' : undefined}
                  onClick={() => setParams({ conversation: c.id })}
                >
                  <span className="inbox__head">
                    <span className="inbox__title">{titleOf(c)}</span>
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
        <div className="inbox-page__thread">
          {open ? (
            <>
              <div className="inbox-page__thread-head">
                {/* On a phone the head is one line under 64 px: the back button's words give way to its icon, a long title to an ellipsis (the full title is its tooltip and accessible name). */}
                <button type="button" className="button button--ghost button--small inbox-page__back" onClick={() => setParams({})}>
                  <ChevronLeftIcon width={18} height={18} />
                  <span className="collapse-label">Back to conversations</span>
                </button>
                <h2 className="inbox-page__thread-title" title={titleOf(open)}>
                  {titleOf(open)}
                </h2>
                {open.task ? <StatusBadge status={open.task.status} /> : null}
              </div>
              <ConversationThread key={open.id} conversationId={open.id} unread={open.unread_count} />
            </>
          ) : inbox.isSuccess && openId ? (
            <p className="page__note inbox-page__placeholder">Conversation not found.</p>
          ) : (
            <p className="page__note inbox-page__placeholder">Select a conversation to read and continue it.</p>
          )}
        </div>
      </div>
    </PageLayout>
  );
}
