import { paymentStatusText } from '../../../lib/payments.ts';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ExpectedReply } from '../../../components/expected-reply.tsx';
import { DelayedSpinner } from '../../../components/spinner.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { loadFailureText } from '../../../lib/load-failure.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { useUserTasks } from '../api/get-user-tasks.ts';

/**
 * "Your Active Jobs" (docs/product.md "Screens"): the user's tasks not done and the done ones not confirmed, each
 * linking to its conversation, with its status, unread count, expert and latest event line; an accepted one
 * nobody holds yet says when an expert usually replies.
 */
export function ActiveJobs() {
  const tasks = useUserTasks();
  const list = tasks.data?.tasks ?? [];
  return (
    <section className="panel active-jobs" aria-labelledby="active-jobs-title">
      <h2 id="active-jobs-title" className="panel__title">
        Your Active Jobs
      </h2>
      <ErrorBanner message={tasks.error ? loadFailureText('your active jobs', tasks.error) : null} onRetry={() => void tasks.refetch()} />
      {tasks.isPending ? <DelayedSpinner label="Loading your active jobs" /> : null}
      {tasks.isSuccess && list.length === 0 ? (
        <div className="active-jobs__empty">
          <p>No active jobs found</p>
          <Link className="button button--primary" to="/submit-job">
            {(tasks.data?.finished.length ?? 0) > 0 ? 'Submit New Job' : 'Submit Your First Job'}
          </Link>
        </div>
      ) : null}
      {list.length > 0 ? (
        <ul className="job-list" aria-label="Active jobs">
          {list.map((task) => (
            <li key={task.id} className="job-list__item">
              <div className="job-list__head">
                <Link
                  className="job-list__title"
                  to={`/messages?conversation=${encodeURIComponent(task.conversationId)}`}
                  aria-label={task.unreadCount > 0 ? `${task.title}, ${task.unreadCount} unread` : undefined}
                >
                  {task.title}
                </Link>
                {task.unreadCount > 0 ? (
                  <span className="count-badge" aria-hidden="true">
                    {task.unreadCount}
                  </span>
                ) : null}
                <StatusBadge status={task.status} />
              </div>
              {task.assigneeName ? <p className="job-list__expert">With {task.assigneeName}, human expert</p> : null}
              {task.status === 'ACCEPTED' && !task.assigneeName ? <ExpectedReply className="job-list__expected-reply" /> : null}
              {task.lastEvent ? (
                <p className="job-list__event">
                  {task.lastEvent.content} · <time dateTime={task.lastEvent.createdAt}>{formatTimestamp(task.lastEvent.createdAt)}</time>
                </p>
              ) : null}
              {task.payment ? <p className="job-list__payment">{paymentStatusText(task.payment)}</p> : null}
              {task.offerReopen ? <p className="job-list__action">Done: confirm or reopen it in the conversation.</p> : null}
              <time className="job-list__time" dateTime={task.createdAt}>
                Created {formatTimestamp(task.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
