import type { ExpertTask } from '@unstuck/contract';
import type { ReactNode } from 'react';
import { hoursRange, priceRange } from '../../../lib/estimate.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import type { useTakeTask } from '../api/take-task.ts';
import { taskFailureText } from '../utils/task-failure.ts';

// What the queue's rows and a task's view show alike (docs/product.md "Expert Queue"), written once.

/**
 * Who the task is for, when they accepted, at what price and on what terms: "{customer} · accepted
 * {time} · $380–$1,140 (4–12 hours) · budget $1,500 · deadline by Friday · {holder} · rated n/5" in a
 * queue row; atop the brief (`brief`) "{customer}, accepted {time}, $380–$1,140 (4–12 hours), budget
 * $1,500, deadline by Friday". Budget and deadline are the customer's words, shown when stated.
 */
export function TaskSummary({ task, brief = false }: { task: ExpertTask; brief?: boolean }) {
  const separator = brief ? ', ' : ' · ';
  return (
    <>
      <span>{task.customerName}</span>
      {task.proposalAcceptedAt ? (
        <>
          {brief ? ', accepted ' : ' · accepted '}
          <time dateTime={task.proposalAcceptedAt}>{formatTimestamp(task.proposalAcceptedAt)}</time>
        </>
      ) : null}
      {task.estimate ? (
        <>
          {separator}
          <span className="task-price">{priceRange(task.estimate)}</span> ({hoursRange(task.estimate)})
        </>
      ) : null}
      {task.budget ? `${separator}budget ${task.budget}` : null}
      {task.deadline ? `${separator}deadline ${task.deadline}` : null}
      {!brief && task.assigneeName ? ` · ${task.assigneeName}` : null}
      {!brief && task.rating ? ` · rated ${task.rating.score}/5` : null}
    </>
  );
}

/** The task's stack as tags, the viewer's matched skills marked (case aside). */
export function StackTags({ task, className }: { task: ExpertTask; className?: string }) {
  if (task.stack.length === 0) return null;
  const matched = new Set(task.matchedSkills.map((skill) => skill.toLowerCase()));
  return (
    <ul className={className ? `tag-list ${className}` : 'tag-list'} aria-label="Stack">
      {task.stack.map((tech) => (
        <li key={tech} className={`tag-list__item${matched.has(tech.toLowerCase()) ? ' tag-list__item--matched' : ''}`}>
          {tech}
        </li>
      ))}
    </ul>
  );
}

/**
 * A titled panel (a queue section, or the status, brief or repository of a task): a section named by
 * its heading; with `aside` (a badge) the heading and it share a head row of class `headClassName`.
 */
export function Panel({
  id,
  title,
  className,
  titleClassName = 'panel__title',
  headClassName,
  aside,
  children,
}: {
  id: string;
  title: ReactNode;
  className: string;
  titleClassName?: string;
  headClassName?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 className={titleClassName} id={id}>
      {title}
    </h2>
  );
  return (
    <section className={`panel ${className}`} aria-labelledby={id}>
      {headClassName ? (
        <div className={headClassName}>
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** The server's reason for a refused take, status change or credentials request, as an alert; nothing without one. */
export function TaskFailure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="banner banner--error" role="alert">
      {taskFailureText(error)}
    </p>
  );
}

/**
 * "Take task" ("Taking..." while the call runs) on a waiting task, in the queue's rows (`small`) and
 * in the task's status panel (docs/product.md "Expert Queue"); each place shows a refusal its own way.
 * @param take the place's `useTakeTask()`, whose error the place shows.
 */
export function TakeTaskButton({ take, taskId, small = false }: { take: ReturnType<typeof useTakeTask>; taskId: string; small?: boolean }) {
  return (
    <button
      type="button"
      className={small ? 'button button--primary button--small' : 'button button--primary'}
      onClick={() => take.mutate(taskId)}
      disabled={take.isPending}
    >
      {take.isPending ? 'Taking...' : 'Take task'}
    </button>
  );
}
