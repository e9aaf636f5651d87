import type { UserTask } from '@unstuck/contract';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useTaskAction } from '../api/conversation-task.ts';
import type { ChatMessage } from '../types.ts';

const failureText = (error: unknown) =>
  isApiError(error) ? (error.detail ?? `The server answered ${error.status}.`) : error instanceof Error ? error.message : String(error);

/** The 1–5 stars and a comment; sends with "Send rating" (or "Update rating" once rated). */
function RatingForm({ task, onRate, busy }: { task: UserTask; onRate: (score: number, comment: string) => void; busy: boolean }) {
  const [score, setScore] = useState(task.rating?.score ?? 0);
  const [comment, setComment] = useState(task.rating?.comment ?? '');
  const name = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (score > 0) onRate(score, comment);
  };
  return (
    <form className="rating" onSubmit={submit} aria-label="Rate the work">
      <fieldset className="rating__stars">
        <legend className="rating__legend">{task.rating ? `You rated ${task.rating.score} out of 5` : 'How did it go?'}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className={`rating__star${value <= score ? ' rating__star--on' : ''}`}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={score === value}
              onChange={() => setScore(value)}
              className="visually-hidden"
              aria-label={`${value} star${value === 1 ? '' : 's'}`}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </fieldset>
      <label className="field rating__comment">
        <span className="field__label">Comment (optional)</span>
        <textarea className="field__input" rows={2} value={comment} maxLength={2000} onChange={(event) => setComment(event.target.value)} />
      </label>
      <button type="submit" className="button button--secondary button--small" disabled={busy || score === 0}>
        {task.rating ? 'Update rating' : 'Send rating'}
      </button>
    </form>
  );
}

/** The customer's answers to done work, each its button: Confirm (primary) and Reopen. */
const ANSWERS = {
  confirm: { label: 'Confirm', className: 'button button--primary button--small' },
  reopen: { label: 'Reopen', className: 'button button--secondary button--small' },
} as const;
type Answer = keyof typeof ANSWERS;

/** One line of the outcome: its text, then the buttons of `answers`, in that order. */
function AnswerRow({
  text,
  answers,
  busy,
  onAnswer,
}: {
  text: ReactNode;
  answers: Answer[];
  busy: boolean;
  onAnswer: (answer: Answer) => void;
}) {
  return (
    <div className="task-outcome__row">
      <p className="task-outcome__text">{text}</p>
      <div className="button-row">
        {answers.map((answer) => (
          <button key={answer} type="button" className={ANSWERS[answer].className} disabled={busy} onClick={() => onAnswer(answer)}>
            {ANSWERS[answer].label}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * Under a conversation whose task an expert marked done (docs/product.md "Working with the expert"):
 * Confirm or Reopen while it is not confirmed, the rating once done, and Reopen again when the
 * customer wrote after the work was done.
 */
export function TaskOutcome({ task, messages }: { task: UserTask; messages: readonly ChatMessage[] }) {
  const action = useTaskAction(task.id, task.conversationId);
  if (task.status !== 'DONE') return null;
  const expert = task.assigneeName ?? 'Your expert';
  const repliedAfterDone =
    task.completedAt !== null && messages.some((m) => m.senderType === 'user' && m.timestamp > (task.completedAt ?? ''));
  const busy = action.isPending;
  const answer = (kind: Answer) => action.mutate({ kind });
  return (
    <section className="task-outcome" aria-label="Your task is done">
      {task.offerReopen ? (
        <AnswerRow
          text={
            <>
              <strong>{expert} marked your task done.</strong> Does it work for you?
            </>
          }
          answers={['confirm', 'reopen']}
          busy={busy}
          onAnswer={answer}
        />
      ) : repliedAfterDone ? (
        <AnswerRow
          text={`This task is done. Reopen it so ${expert} picks it up again?`}
          answers={['reopen']}
          busy={busy}
          onAnswer={answer}
        />
      ) : (
        <p className="task-outcome__text">
          <strong>Done and confirmed.</strong> Thank you!
        </p>
      )}
      {task.canRate ? (
        <RatingForm
          key={task.rating?.score ?? 0}
          task={task}
          busy={busy}
          onRate={(score, comment) => action.mutate({ kind: 'rate', rating: { score, comment } })}
        />
      ) : null}
      {action.error ? (
        <p className="banner banner--error" role="alert">
          {failureText(action.error)}
        </p>
      ) : null}
    </section>
  );
}
