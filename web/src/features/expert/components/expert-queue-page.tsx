import { EXPERT_ACCESS_DENIED, type ExpertTask, type ExpertWorkspace } from '@unstuck/contract';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { DelayedSpinner } from '../../../components/spinner.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { loadFailureText } from '../../../lib/load-failure.ts';
import { useExpertWorkspace } from '../api/get-expert-tasks.ts';
import { useTakeTask } from '../api/take-task.ts';
import { Panel, StackTags, TakeTaskButton, TaskFailure, TaskSummary } from './task-parts.tsx';

const SECTIONS: Array<{ key: keyof Omit<ExpertWorkspace, 'unreadTotal'>; title: string; hint: string; empty: string }> = [
  { key: 'mine', title: 'Mine', hint: 'Tasks you hold.', empty: 'You hold no task right now.' },
  {
    key: 'matched',
    title: 'Matched to you',
    hint: 'Waiting for an expert; their stack meets your skills.',
    empty: 'No waiting task matches your skills.',
  },
  { key: 'unassigned', title: 'Unassigned', hint: 'Waiting for an expert.', empty: 'No other task is waiting.' },
  { key: 'done', title: 'Done', hint: 'Finished work.', empty: 'No task is done yet.' },
];

/** The unread count of a list, for its section's heading. */
const unreadOf = (tasks: ExpertTask[]) => tasks.reduce((sum, task) => sum + task.unreadCount, 0);

function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="count-badge" aria-label={`${count} unread`}>
      {count}
    </span>
  );
}

/** One task in a section: title (to its view), unread count, status, its summary (customer, accepted, holder, rating), stack (matched skills marked); Take on a waiting one. */
function TaskRow({ task }: { task: ExpertTask }) {
  const take = useTakeTask();
  const waiting = task.status === 'ACCEPTED' && task.assigneeId === null;
  return (
    <li className="work-item">
      <article className="work-item__card" aria-label={`Task ${task.title}`}>
        <div className="work-item__head">
          <Link className="work-item__title" to={`/expert-queue/${encodeURIComponent(task.id)}`}>
            {task.title}
          </Link>
          <UnreadBadge count={task.unreadCount} />
          <StatusBadge status={task.status} />
        </div>
        <p className="work-item__meta">
          <TaskSummary task={task} />
        </p>
        <StackTags task={task} className="work-item__stack" />
        {waiting ? (
          <div className="work-item__actions">
            <TakeTaskButton take={take} taskId={task.id} small />
            <Link className="button button--ghost button--small" to={`/expert-queue/${encodeURIComponent(task.id)}`}>
              Read the brief
            </Link>
          </div>
        ) : null}
        <TaskFailure error={take.error} />
      </article>
    </li>
  );
}

/**
 * The expert workspace (docs/product.md "Expert Queue"): the viewer's tasks, the waiting ones that
 * match their skills, the other waiting ones and the done ones, each section with its count and its
 * unread messages; a task opens its view. Experts and admins.
 */
export function ExpertQueuePage() {
  const workspace = useExpertWorkspace();
  const denied = isApiError(workspace.error) && workspace.error.code === 'expert_required';
  const data = workspace.data;

  return (
    <PageLayout title="Expert Queue" wide>
      {workspace.isPending ? <DelayedSpinner label="Loading the queue..." /> : null}
      {denied ? (
        <p className="banner banner--error" role="alert">
          {EXPERT_ACCESS_DENIED}
        </p>
      ) : (
        <ErrorBanner
          message={workspace.error ? loadFailureText('the queue', workspace.error) : null}
          onRetry={() => void workspace.refetch()}
        />
      )}
      {data ? (
        <div className="workspace">
          {SECTIONS.map((section) => {
            const list = data[section.key];
            const headingId = `queue-${section.key}`;
            return (
              <Panel
                key={section.key}
                id={headingId}
                className="queue-section"
                titleClassName="queue-section__title"
                headClassName="queue-section__head"
                title={
                  <>
                    {section.title} <span className="queue-section__count">({list.length})</span>
                  </>
                }
                aside={<UnreadBadge count={unreadOf(list)} />}
              >
                <p className="queue-section__hint">{section.hint}</p>
                {list.length === 0 ? (
                  <p className="page__note">{section.empty}</p>
                ) : (
                  <ul className="work-list">
                    {list.map((task) => (
                      <TaskRow key={task.id} task={task} />
                    ))}
                  </ul>
                )}
              </Panel>
            );
          })}
        </div>
      ) : null}
    </PageLayout>
  );
}
