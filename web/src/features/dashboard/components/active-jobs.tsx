import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { DelayedSpinner } from '../../../components/spinner.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { loadFailureText } from '../../../lib/load-failure.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { useUserTasks } from '../api/get-user-tasks.ts';

/** "Your Active Jobs" (spec §2): the user's tasks that are not done, each linking to its conversation. */
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
            Submit Your First Job
          </Link>
        </div>
      ) : null}
      {list.length > 0 ? (
        <ul className="job-list" aria-label="Active jobs">
          {list.map((task) => (
            <li key={task.id} className="job-list__item">
              <div className="job-list__head">
                <Link className="job-list__title" to={`/messages?conversation=${encodeURIComponent(task.conversationId)}`}>
                  {task.title}
                </Link>
                <StatusBadge status={task.status} />
              </div>
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
