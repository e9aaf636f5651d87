import type { FinishedTask } from '@unstuck/contract';
import { Link } from 'react-router';
import { Markdown } from '../../../components/markdown.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { useUserTasks } from '../api/get-user-tasks.ts';

/** "Accepted …, done …, confirmed …": the dates a finished job went through, the ones it has. */
function datesOf(task: FinishedTask): Array<[string, string]> {
  const dates: Array<[string, string | null]> = [
    ['Accepted', task.proposal?.acceptedAt ?? null],
    ['done', task.completedAt],
    ['confirmed', task.confirmedAt],
  ];
  return dates.filter((entry): entry is [string, string] => entry[1] !== null);
}

function FinishedJob({ task }: { task: FinishedTask }) {
  return (
    <li className="job-list__item">
      <div className="job-list__head">
        <Link className="job-list__title" to={`/messages?conversation=${encodeURIComponent(task.conversationId)}`}>
          {task.title}
        </Link>
        <StatusBadge status={task.status} />
      </div>
      {task.assigneeName ? <p className="job-list__expert">Done by {task.assigneeName}, human expert</p> : null}
      {task.rating ? (
        <p className="job-list__rating">
          You rated it {task.rating.score} out of 5{task.rating.comment ? `: “${task.rating.comment}”` : ''}
        </p>
      ) : null}
      <p className="job-list__time">
        {datesOf(task).map(([label, date], index) => (
          <span key={label}>
            {index > 0 ? ', ' : ''}
            {label} <time dateTime={date}>{formatTimestamp(date)}</time>
          </span>
        ))}
      </p>
      {task.proposal ? (
        <details className="job-list__proposal">
          <summary>{task.proposal.version ? `Final proposal (version ${task.proposal.version})` : 'Final proposal'}</summary>
          <Markdown content={task.proposal.content} />
        </details>
      ) : null}
    </li>
  );
}

/**
 * "Finished Work" (docs/product.md "Dashboard"): the jobs done and confirmed, the latest first, each with its
 * expert, the customer's rating, its dates and its final proposal as accepted; absent until there is one.
 */
export function FinishedJobs() {
  const finished = useUserTasks().data?.finished ?? [];
  if (finished.length === 0) return null;
  return (
    <section className="panel active-jobs" aria-labelledby="finished-jobs-title">
      <h2 id="finished-jobs-title" className="panel__title">
        Finished Work
      </h2>
      <ul className="job-list" aria-label="Finished jobs">
        {finished.map((task) => (
          <FinishedJob key={task.id} task={task} />
        ))}
      </ul>
    </section>
  );
}
