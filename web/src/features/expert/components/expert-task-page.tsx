import { EXPERT_ACCESS_DENIED, type ExpertStatusRequest, type ExpertTaskDetail } from '@unstuck/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { ChevronLeftIcon } from '../../../components/icons.tsx';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { Markdown } from '../../../components/markdown.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { DelayedSpinner } from '../../../components/spinner.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { loadFailureText } from '../../../lib/load-failure.ts';
import { useExpertTask } from '../api/get-expert-task.ts';
import { useReplyToTask, type TaskReply } from '../api/reply-to-task.ts';
import { useSetTaskStatus } from '../api/set-task-status.ts';
import { useTakeTask } from '../api/take-task.ts';
import { taskFailureText } from '../utils/task-failure.ts';
import { RepositoryPanel } from './repository-panel.tsx';
import { Panel, StackTags, TakeTaskButton, TaskFailure, TaskSummary } from './task-parts.tsx';

/** What the page hands the conversation it shows (the chat feature draws it; the app's route joins them). */
export interface TaskConversationProps {
  conversationId: string;
  messages: NonNullable<ExpertTaskDetail['messages']>;
  userId: string;
  customerName: string;
  /** Null: read only. */
  composer: { placeholder: string; onSend: (reply: TaskReply) => Promise<void> } | null;
  /** The conversation shows a new event line: the task changed, and the status panel follows at once. */
  onEventLine: () => void;
}

const STATUS_CHOICES: Array<{ status: ExpertStatusRequest['status']; label: string }> = [
  { status: 'IN_PROGRESS', label: 'In progress' },
  { status: 'WAITING_ON_CUSTOMER', label: 'Waiting on the customer' },
  { status: 'DONE', label: 'Done' },
];

/** The holder's status controls, or Take task on a waiting task, with who holds it. */
function StatusPanel({ task, mine }: { task: ExpertTaskDetail; mine: boolean }) {
  const take = useTakeTask();
  const setStatus = useSetTaskStatus(task.id);
  const waiting = task.status === 'ACCEPTED' && task.assigneeId === null;
  const failure = take.error ?? setStatus.error;
  // With a payment plan, Done carries the whole hours worked: they set the customer's balance (docs/product.md "Payment").
  const [hours, setHours] = useState('');
  const needsHours = task.payment !== null;
  const request = (status: ExpertStatusRequest['status']): ExpertStatusRequest =>
    status === 'DONE' && needsHours ? { status, hours: Number(hours) } : { status };
  return (
    <Panel
      id="task-status-title"
      title="Status"
      className="task-view__status"
      headClassName="task-view__panel-head"
      aside={<StatusBadge status={task.status} />}
    >
      <p className="page__note">
        {task.assigneeName
          ? `${mine ? 'You hold this task' : `Held by ${task.assigneeName}`}${task.assignedAt ? ` since ${formatTimestamp(task.assignedAt)}` : ''}.`
          : 'Nobody holds this task yet.'}
        {task.completedAt ? ` Done ${formatTimestamp(task.completedAt)}.` : ''}
        {task.confirmedAt ? ` Confirmed by the customer ${formatTimestamp(task.confirmedAt)}.` : ''}
      </p>
      {waiting ? <TakeTaskButton take={take} taskId={task.id} /> : null}
      {mine && task.status !== 'DONE' && needsHours ? (
        <label className="field">
          <span className="field__label">Hours worked (sets the balance when you mark it done)</span>
          <input
            className="field__input"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={hours}
            onChange={(event) => setHours(event.target.value)}
          />
        </label>
      ) : null}
      {mine && task.status !== 'DONE' ? (
        <div className="segmented" role="group" aria-label="Task status">
          {STATUS_CHOICES.map((choice) => (
            <button
              key={choice.status}
              type="button"
              className="segmented__option"
              aria-pressed={task.status === choice.status}
              disabled={
                setStatus.isPending || task.status === choice.status || (choice.status === 'DONE' && needsHours && !/^\d+$/.test(hours))
              }
              onClick={() => setStatus.mutate(request(choice.status))}
            >
              {choice.label}
            </button>
          ))}
        </div>
      ) : null}
      {task.status === 'DONE' && mine ? <p className="page__note">Only the customer can reopen a done task.</p> : null}
      {task.rating ? (
        <p className="task-view__rating">
          <span aria-label={`Rated ${task.rating.score} out of 5`}>
            {'★'.repeat(task.rating.score)}
            {'☆'.repeat(5 - task.rating.score)}
          </span>
          {task.rating.comment ? <q>{task.rating.comment}</q> : null}
        </p>
      ) : null}
      <TaskFailure error={failure} />
    </Panel>
  );
}

/** The brief agent-1 prepared: the customer, the stack (matched skills marked), the request, the scope, the summary and the accepted proposal. */
function BriefPanel({ task }: { task: ExpertTaskDetail }) {
  const field = (label: string, content: string | null, markdown = true) =>
    content ? (
      <div className="task-field">
        <h3 className="task-field__label">{label}</h3>
        {markdown ? <Markdown content={content} /> : <p className="pre-wrap">{content}</p>}
      </div>
    ) : null;
  return (
    <Panel id="task-brief-title" title="Brief" className="task-view__brief">
      <p className="page__note">
        <TaskSummary task={task} brief />
      </p>
      <StackTags task={task} />
      {field('Request', task.description, false)}
      {field('Scope', task.clarifiedScope)}
      {field('Engineer summary', task.jobSummaryForEngineer, false)}
      {field('Diagnosis', task.diagnosis, false)}
      {task.proposalContent ? (
        <details className="task-view__proposal">
          <summary>Accepted proposal{task.proposalVersion ? ` (version ${task.proposalVersion})` : ''}</summary>
          <Markdown content={task.proposalContent} />
        </details>
      ) : null}
    </Panel>
  );
}

/**
 * One task of the expert workspace (`/expert-queue/{id}`, docs/product.md "Expert Queue"): its status
 * (Take task; the holder's In progress / Waiting on the customer / Done), the brief, the repository
 * with push credentials for the holder, and, for the holder and admins, the conversation with a
 * composer, drawn by `renderConversation`.
 */
export function ExpertTaskPage({
  taskId,
  renderConversation,
}: {
  taskId: string;
  renderConversation: (props: TaskConversationProps) => ReactNode;
}) {
  const { user } = useAuth();
  const task = useExpertTask(taskId);
  const reply = useReplyToTask(taskId);
  const data = task.data;
  const userId = user?.uid ?? '';
  const mine = data?.assigneeId === userId;
  const denied = isApiError(task.error) && task.error.code === 'expert_required';
  // Unknown (or not for this person): asking again gets the same answer, so no Retry.
  const missing = isApiError(task.error) && task.error.code === 'not_found';
  const back = (
    <Link className="button button--ghost button--small" to="/expert-queue">
      <ChevronLeftIcon width={18} height={18} />
      Expert Queue
    </Link>
  );

  const send = async (message: TaskReply) => {
    try {
      await reply.mutateAsync(message);
    } catch (failure) {
      throw new Error(taskFailureText(failure));
    }
  };

  return (
    <PageLayout title={data?.title ?? (missing ? 'Task not found' : 'Task')} wide actions={back}>
      {task.isPending ? <DelayedSpinner label="Loading the task..." /> : null}
      {denied ? (
        <p className="banner banner--error" role="alert">
          {EXPERT_ACCESS_DENIED}
        </p>
      ) : missing ? (
        <NotFound text="There is no task at this address: it may have been deleted, or the link is mistyped." />
      ) : (
        <ErrorBanner message={task.error && !data ? loadFailureText('this task', task.error) : null} onRetry={() => void task.refetch()} />
      )}
      {data ? (
        <div className="task-view">
          <StatusPanel task={data} mine={mine} />
          <div className="task-view__conversation">
            {data.messages ? (
              renderConversation({
                conversationId: data.conversationId,
                messages: data.messages,
                userId,
                customerName: data.customerName,
                composer: mine ? { placeholder: `Message ${data.customerName}…`, onSend: send } : null,
                onEventLine: () => void task.refetch(),
              })
            ) : (
              <div className="panel task-view__locked">
                <h2 className="panel__title">Conversation</h2>
                <p className="page__note">
                  {data.assigneeId === null
                    ? 'Take this task to read the conversation and answer the customer.'
                    : `${data.assigneeName ?? 'Another expert'} holds this task: the conversation is theirs.`}
                </p>
              </div>
            )}
          </div>
          <BriefPanel task={data} />
          <RepositoryPanel task={data} mine={mine} />
        </div>
      ) : null}
    </PageLayout>
  );
}
