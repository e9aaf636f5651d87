import { useState } from 'react';
import { InlineSpinner } from '../../../components/spinner.tsx';
import { adminErrorText } from '../api/admin-errors.ts';
import { useTasks } from '../api/get-tasks.ts';
import type { AdminTabProps } from './admin-tabs.ts';
import { RatingsPanel } from './ratings-panel.tsx';
import { ShareModal } from './share-modal.tsx';
import { TaskCard } from './task-card.tsx';

/** docs/product.md "Tasks tab": the customers' ratings, the task cards and the share modal. */
export function TasksTab({ onDelete }: AdminTabProps) {
  const tasks = useTasks();
  const [sharing, setSharing] = useState<string | null>(null);
  const sharedTask = tasks.data?.find((task) => task.id === sharing) ?? null;

  return (
    <div className="admin-stack">
      <RatingsPanel />
      {tasks.isPending ? <InlineSpinner label="Loading tasks..." /> : null}
      {tasks.isError ? (
        <p className="banner banner--error" role="alert">
          {adminErrorText(tasks.error, 'Failed to fetch tasks')}
        </p>
      ) : null}
      {tasks.data?.length === 0 ? <p className="admin-empty">No tasks found</p> : null}
      {tasks.data?.map((task) => (
        <TaskCard
          key={task.id}
          task={task}
          onShare={(t) => setSharing(t.id)}
          onDelete={(t) => onDelete({ type: 'task', id: t.id, name: t.title })}
        />
      ))}
      <ShareModal task={sharedTask} onClose={() => setSharing(null)} />
    </div>
  );
}
