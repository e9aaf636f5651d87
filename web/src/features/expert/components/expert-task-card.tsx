import { useState, type FormEvent } from 'react';
import type { ExpertTask } from '@unstuck/contract';
import { Markdown } from '../../../components/markdown.tsx';
import { InlineSpinner } from '../../../components/spinner.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { useCompleteTask } from '../api/complete-task.ts';
import { useTaskMessages } from '../api/get-task-messages.ts';
import { useReplyToTask } from '../api/reply-to-task.ts';
import { useTakeTask } from '../api/take-task.ts';

const reason = (error: unknown) =>
  isApiError(error) ? (error.detail ?? `${error.status}`) : error instanceof Error ? error.message : String(error);

/**
 * One task of the expert queue: the brief, the conversation, and what the viewer may do with it:
 * take it when it waits, reply and mark it done when it is theirs.
 */
export function ExpertTaskCard({ task, viewerId }: { task: ExpertTask; viewerId: string }) {
  const [open, setOpen] = useState(false);
  const [reply, setReply] = useState('');
  const mine = task.assigneeId === viewerId;
  const messages = useTaskMessages(task.id, open);
  const take = useTakeTask();
  const send = useReplyToTask(task.id);
  const complete = useCompleteTask();
  const failure = take.error ?? send.error ?? complete.error;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) return;
    await send.mutateAsync(reply.trim()).then(
      () => setReply(''),
      () => undefined,
    );
  };

  return (
    <article className="task-card" aria-label={`Task ${task.title}`}>
      <header className="task-card__header">
        <h3 className="task-card__title">{task.title}</h3>
        <StatusBadge status={task.status} />
        <span className="task-card__time">
          {task.customerName}
          {task.proposalAcceptedAt ? `, accepted ${formatTimestamp(task.proposalAcceptedAt)}` : ''}
        </span>
      </header>
      {task.assigneeName ? (
        <p className="page__note">
          {mine ? 'You took this task' : `Taken by ${task.assigneeName}`}
          {task.assignedAt ? ` on ${formatTimestamp(task.assignedAt)}` : ''}
          {task.completedAt ? `; done ${formatTimestamp(task.completedAt)}` : ''}.
        </p>
      ) : null}
      {task.clarifiedScope ? (
        <div className="task-field">
          <h4 className="task-field__label">Scope</h4>
          <Markdown content={task.clarifiedScope} />
        </div>
      ) : null}
      <div className="button-row">
        {task.status === 'ACCEPTED' ? (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => take.mutate(task.id)}
            disabled={take.isPending}
          >
            {take.isPending ? 'Taking...' : 'Take Task'}
          </button>
        ) : null}
        <button type="button" className="button button--secondary button--small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide Conversation' : 'Show Conversation'}
        </button>
        {mine && task.status === 'IN_PROGRESS' ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => complete.mutate(task.id)}
            disabled={complete.isPending}
          >
            Mark as Done
          </button>
        ) : null}
      </div>
      {failure ? (
        <p className="banner banner--error" role="alert">
          {reason(failure)}
        </p>
      ) : null}
      {open ? (
        <div className="task-details">
          {task.jobSummaryForEngineer ? (
            <div className="task-field">
              <h4 className="task-field__label">Engineer Summary</h4>
              <p className="pre-wrap">{task.jobSummaryForEngineer}</p>
            </div>
          ) : null}
          {messages.isPending ? <InlineSpinner /> : null}
          <ol className="shared-messages" aria-label="Conversation">
            {messages.data?.map((message) => (
              <li key={message.id} className={`shared-message${message.sender_role !== 'user' ? ' shared-message--agent' : ''}`}>
                <div className="shared-message__meta">
                  <span className="shared-message__sender">
                    {message.sender_role === 'user' ? task.customerName : (message.sender_name ?? message.sender_id)}
                  </span>
                  <time dateTime={message.created_at}>{formatTimestamp(message.created_at)}</time>
                </div>
                <Markdown content={message.content} />
              </li>
            ))}
          </ol>
          {mine && task.status === 'IN_PROGRESS' ? (
            <form className="reply-box" onSubmit={(event) => void submit(event)}>
              <label className="field">
                <span className="field__label">Reply to {task.customerName}</span>
                <textarea className="field__input" rows={4} value={reply} onChange={(event) => setReply(event.target.value)} />
              </label>
              <button type="submit" className="button button--primary" disabled={!reply.trim() || send.isPending}>
                {send.isPending ? 'Sending...' : 'Send Reply'}
              </button>
            </form>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
