import { useState } from 'react';
import type { AdminTask } from '@unstuck/contract';
import { Markdown } from '../../../components/markdown.tsx';
import { StatusBadge, UserAcceptedBadge } from '../../../components/status-badge.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { TaskAssignment } from './task-assignment.tsx';
import { TaskDetails } from './task-details.tsx';

/** "1 access request", "2 access requests": the card's badge. */
const accessRequestCountText = (count: number) => `${count} access request${count === 1 ? '' : 's'}`;

export interface TaskCardProps {
  task: AdminTask;
  onShare: (task: AdminTask) => void;
  onDelete: (task: AdminTask) => void;
}

/**
 * One task of the Tasks tab (docs/product.md "Screens"): title, status badge, created time, "User Accepted"; customer,
 * status with diagnosis, the proposal rendered as sanitized HTML, the expert holding it (assign,
 * reassign, unassign); Show/Hide Details, Share Task, Delete.
 */
export function TaskCard({ task, onShare, onDelete }: TaskCardProps) {
  const [open, setOpen] = useState(false);
  return (
    <article className="task-card" aria-label={`Task ${task.title}`}>
      <header className="task-card__header">
        <h2 className="task-card__title">{task.title}</h2>
        <div className="task-card__badges">
          <StatusBadge status={task.status} />
          {task.endUserAcceptedTask ? <UserAcceptedBadge /> : null}
          {task.accessRequestCount > 0 ? (
            <span className="badge badge--attention">{accessRequestCountText(task.accessRequestCount)}</span>
          ) : null}
        </div>
        <time className="task-card__time" dateTime={task.createdAt}>
          Created {formatTimestamp(task.createdAt)}
        </time>
      </header>

      <div className="task-card__grid">
        <div role="group" aria-label="Customer">
          <h3 className="task-field__label">Customer</h3>
          <dl className="facts facts--compact">
            <dt>Name</dt>
            <dd>{task.userName ?? '—'}</dd>
            <dt>Email</dt>
            <dd>{task.userEmail ? <a href={`mailto:${task.userEmail}`}>{task.userEmail}</a> : '—'}</dd>
            <dt>Role</dt>
            <dd>{task.userRole === 'guest' ? 'Guest' : 'User'}</dd>
            <dt>User ID</dt>
            <dd className="data-table__value">{task.userId}</dd>
            {task.sessionId ? (
              <>
                <dt>Session ID</dt>
                <dd className="data-table__value">{task.sessionId}</dd>
              </>
            ) : null}
          </dl>
        </div>
        <div role="group" aria-label="Status">
          <h3 className="task-field__label">Status</h3>
          <dl className="facts facts--compact">
            <dt>Status</dt>
            <dd>{task.status}</dd>
            <dt>Diagnosis</dt>
            <dd>{task.diagnosis ?? '—'}</dd>
            {task.taskType ? (
              <>
                <dt>Type</dt>
                <dd>{task.taskType}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </div>

      {task.proposalContent ? (
        <div className="task-card__proposal" role="group" aria-label="Proposal">
          <h3 className="task-field__label">
            Proposal: {task.proposalStatus ?? '—'}
            {task.proposalAcceptedAt ? `, accepted ${formatTimestamp(task.proposalAcceptedAt)}` : ''}
            {task.proposalVersion ? ` (version ${task.proposalVersion})` : ''}
          </h3>
          <Markdown content={task.proposalContent} className="task-card__proposal-content" />
        </div>
      ) : null}

      <TaskAssignment task={task} />

      <div className="button-row">
        <button type="button" className="button button--secondary button--small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide Details' : 'Show Details'}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={() => onShare(task)}>
          Share Task
        </button>
        <button type="button" className="button button--ghost button--small button--danger-text" onClick={() => onDelete(task)}>
          Delete
        </button>
      </div>
      {open ? <TaskDetails task={task} /> : null}
    </article>
  );
}
