import { EXPERT_ACCESS_DENIED, type ExpertTask } from '@unstuck/contract';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { InlineSpinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useExpertTasks } from '../api/get-expert-tasks.ts';
import { ExpertTaskCard } from './expert-task-card.tsx';

const SECTIONS: Array<{ title: string; empty: string; filter: (task: ExpertTask, viewerId: string) => boolean }> = [
  {
    title: 'Your tasks',
    empty: 'You have no task in progress.',
    filter: (task, me) => task.status === 'IN_PROGRESS' && task.assigneeId === me,
  },
  { title: 'Waiting for an expert', empty: 'No accepted task is waiting.', filter: (task) => task.status === 'ACCEPTED' },
  {
    title: 'With other experts',
    empty: 'Nobody else is working on a task.',
    filter: (task, me) => task.status === 'IN_PROGRESS' && task.assigneeId !== me,
  },
  { title: 'Done', empty: 'No task is done yet.', filter: (task) => task.status === 'DONE' },
];

/**
 * The expert queue (the hand-off to a human expert, beyond the spec): accepted tasks waiting for an
 * expert, the viewer's own, the ones others hold, and the finished ones. Experts and admins only.
 */
export function ExpertQueuePage() {
  const { user } = useAuth();
  const tasks = useExpertTasks();
  const viewerId = user?.uid ?? '';
  const denied = isApiError(tasks.error) && tasks.error.code === 'expert_required';

  return (
    <PageLayout title="Expert Queue" wide>
      {tasks.isPending ? <InlineSpinner label="Loading the queue..." /> : null}
      {tasks.isError ? (
        <p className="banner banner--error" role="alert">
          {denied ? EXPERT_ACCESS_DENIED : `Failed to fetch tasks: ${isApiError(tasks.error) ? tasks.error.status : tasks.error.message}`}
        </p>
      ) : null}
      {tasks.data
        ? SECTIONS.map((section) => {
            const list = tasks.data.filter((task) => section.filter(task, viewerId));
            return (
              <section key={section.title} className="queue-section" aria-label={section.title}>
                <h2 className="queue-section__title">
                  {section.title} ({list.length})
                </h2>
                {list.length === 0 ? <p className="page__note">{section.empty}</p> : null}
                {list.map((task) => (
                  <ExpertTaskCard key={task.id} task={task} viewerId={viewerId} />
                ))}
              </section>
            );
          })
        : null}
    </PageLayout>
  );
}
