import type { AdminTask } from '@unstuck/contract';
import { useId, useState } from 'react';
import { adminErrorText } from '../api/admin-errors.ts';
import { useAssignTask } from '../api/assign-task.ts';
import { useUsers } from '../api/get-users.ts';

/** Statuses in which a task can be given to an expert, or taken back. */
const ASSIGNABLE = new Set(['ACCEPTED', 'IN_PROGRESS', 'WAITING_ON_CUSTOMER']);

/**
 * A task card's "Expert" control (docs/product.md "Expert Queue", decision 069): who holds the task,
 * a choice of the experts, and Assign / Reassign / Unassign, on tasks the customer accepted and that
 * are not done.
 */
export function TaskAssignment({ task }: { task: AdminTask }) {
  const users = useUsers();
  const assign = useAssignTask();
  const experts = (users.data ?? []).filter((user) => user.isExpert);
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  if (!ASSIGNABLE.has(task.status)) return null;
  const expertId = chosen || (experts.find((e) => e.uid !== task.assigneeId)?.uid ?? '');
  return (
    <section className="task-assignment" aria-label="Expert">
      <h3 className="task-field__label">Expert</h3>
      <p className="admin-note">{task.assigneeName ? `Held by ${task.assigneeName}` : 'Nobody holds this task: it waits in the queue.'}</p>
      {experts.length === 0 ? (
        <p className="admin-note">No expert yet: set one in the Users tab.</p>
      ) : (
        <div className="task-assignment__row">
          <label className="visually-hidden" htmlFor={selectId}>
            Expert for {task.title}
          </label>
          <select
            id={selectId}
            className="field__input task-assignment__select"
            value={expertId}
            onChange={(event) => setChosen(event.target.value)}
          >
            {experts.map((expert) => (
              <option key={expert.uid} value={expert.uid}>
                {expert.name}
                {expert.email ? ` (${expert.email})` : ''}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--primary button--small"
            disabled={assign.isPending || expertId === '' || expertId === task.assigneeId}
            onClick={() => assign.mutate({ taskId: task.id, expertId })}
          >
            {task.assigneeId ? 'Reassign' : 'Assign'}
          </button>
          {task.assigneeId ? (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={assign.isPending}
              onClick={() => assign.mutate({ taskId: task.id, expertId: null })}
            >
              Unassign
            </button>
          ) : null}
        </div>
      )}
      {assign.error ? (
        <p className="banner banner--error" role="alert">
          {adminErrorText(assign.error, 'Failed to assign the task')}
        </p>
      ) : null}
    </section>
  );
}
