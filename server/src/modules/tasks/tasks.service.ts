import type { AdminRatingList, FinishedTask, TaskEventKind, TaskRatingRequest, UserTask, UserTasksResponse } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { Caller } from '../../lib/caller.ts';
import { mayWorkOnTasks, personName } from '../users/people.ts';
import { recordTaskEvent } from './hand-off.ts';
import type { TaskConversations } from '../../lib/task-conversations.ts';
import { taskNotDone, taskNotFound } from './tasks.errors.ts';
import {
  confirmTask,
  listConversationsHeldBy,
  releaseAssignments,
  findTaskOfConversationWithPeople,
  findTaskWithPeople,
  listActiveTasksOf,
  listFinishedTasksOf,
  listRatedTasks,
  rateTask,
  reopenTask,
  resumeWaitingTask,
  type TaskRow,
  type TaskWithPeople,
} from './tasks.repository.ts';

// What other modules may use of the tasks module's data: its repository is theirs to call only
// through here (eslint.config.js, "another module's repository only through its service").
export {
  applyAgentTurn,
  assignTask,
  countAcceptancesSince,
  countTasksOf,
  deleteTask,
  deleteTasksOfConversations,
  EXPERT_STATUSES,
  findTask,
  findTaskOfConversation,
  findTaskOfConversationWithPeople,
  findTaskWithPeople,
  listExpertTasks,
  listTasksForAdmin,
  lockTaskOfConversation,
  lockTaskOfProposal,
  markCodeAnalysisPending,
  moveTasksToUser,
  newTask,
  reassignTask,
  saveAdminNotes,
  saveCodeAnalysis,
  saveRepositoryLink,
  setWorkStatus,
  settleCodeAnalysis,
  type TaskRow,
  type TaskWithPeople,
  updateProposalState,
  updateTaskBrief,
} from './tasks.repository.ts';

// The customer's side of the work with a human expert (docs/decisions/069-task-status-event-lines.md): the
// job cards and the chat read where a task stands; after "done" the customer confirms, reopens or rates.
// The conversation's part (event lines, unread counts) comes through the `taskConversations` port
// (task-conversations.ts), as tasks does not import chat (docs/decisions/029-server-module-boundaries.md).

type ReadDeps = Pick<AppDeps, 'db' | 'taskConversations' | 'taskPayments'>;
type Deps = ReadDeps & Pick<AppDeps, 'clock'>;

/**
 * The customer's view of their tasks: the expert's name, their unread count and the latest event line
 * (two queries, through `conversations`).
 */
async function viewUserTasks(
  { taskConversations: conversations, taskPayments }: Pick<ReadDeps, 'taskConversations' | 'taskPayments'>,
  db: Deps['db'],
  ownerId: string,
  rows: TaskWithPeople[],
): Promise<UserTask[]> {
  const ids = rows.map((row) => row.task.conversationId);
  const unread = await conversations.countUnreadForOwner(db, ids, ownerId);
  const events = await conversations.findLatestEventLines(db, ids);
  const payments = await taskPayments(
    db,
    rows.map((row) => row.task.id),
  );
  return rows.map(({ task, assignee }) => {
    const event = events.get(task.conversationId);
    const done = task.status === 'DONE';
    return {
      id: task.id,
      title: task.title,
      status: task.status,
      createdAt: task.createdAt.toISOString(),
      conversationId: task.conversationId,
      assigneeName: assignee ? personName(assignee) : null,
      unreadCount: unread.get(task.conversationId) ?? 0,
      lastEvent: event ? { content: event.content, createdAt: event.createdAt.toISOString() } : null,
      completedAt: task.completedAt?.toISOString() ?? null,
      confirmedAt: task.confirmedAt?.toISOString() ?? null,
      offerReopen: done && task.confirmedAt === null,
      canRate: done,
      rating: task.ratingScore === null ? null : { score: task.ratingScore, comment: task.ratingComment },
      payment: payments.get(task.id) ?? null,
    };
  });
}

/**
 * `GET /api/v2/user/tasks`: the caller's jobs not done and done ones not confirmed yet, newest first;
 * and the finished ones (confirmed), the latest first, each with its final proposal as accepted.
 */
export async function listUserTasks(deps: ReadDeps, caller: Caller): Promise<UserTasksResponse> {
  const finishedRows = await listFinishedTasksOf(deps.db, caller.id);
  const finished = await viewUserTasks(deps, deps.db, caller.id, finishedRows);
  return {
    tasks: await viewUserTasks(deps, deps.db, caller.id, await listActiveTasksOf(deps.db, caller.id)),
    finished: finished.map((view, index): FinishedTask => {
      const { task } = finishedRows[index]!;
      return {
        ...view,
        proposal:
          task.proposalContent === null
            ? null
            : { content: task.proposalContent, version: task.proposalVersion, acceptedAt: task.proposalAcceptedAt?.toISOString() ?? null },
      };
    }),
  };
}

/**
 * `GET /api/v2/conversations/{conversationId}/task`: the task of one of the caller's conversations.
 * @throws AppError 404 when the conversation is unknown, not the caller's, or has no task.
 */
export async function readConversationTask(deps: ReadDeps, caller: Caller, conversationId: string): Promise<UserTask> {
  const found = await findTaskOfConversationWithPeople(deps.db, conversationId);
  if (!found || found.task.userId !== caller.id) throw taskNotFound();
  return (await viewUserTasks(deps, deps.db, caller.id, [found]))[0]!;
}

/**
 * Runs a customer's answer to done work in one transaction with its event line.
 * @throws AppError 404 unknown or someone else's task, 409 when it is not done.
 */
async function answerDoneWork(
  deps: Deps,
  caller: Caller,
  taskId: string,
  change: (tx: Deps['db'], now: Date, found: TaskWithPeople) => Promise<{ row: TaskRow | null; event: TaskEventKind; score?: number }>,
): Promise<UserTask> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const found = await findTaskWithPeople(tx, taskId);
    if (!found || found.task.userId !== caller.id) throw taskNotFound();
    const { row, event, score } = await change(tx, now, found);
    if (!row) throw taskNotDone();
    await recordTaskEvent(deps.taskConversations, tx, row, event, found.assignee ? personName(found.assignee) : null, now, score ?? null);
    return (await viewUserTasks(deps, tx, caller.id, [(await findTaskWithPeople(tx, taskId))!]))[0]!;
  });
}

/**
 * `POST /api/v2/user/tasks/{id}/confirm`: the customer confirms the done work (event line "You confirmed…").
 * @throws AppError 404 unknown or someone else's task, 409 when it is not done.
 */
export const confirmDoneTask = (deps: Deps, caller: Caller, taskId: string) =>
  answerDoneWork(deps, caller, taskId, async (tx, now) => ({ row: await confirmTask(tx, taskId, caller.id, now), event: 'confirmed' }));

/**
 * `POST /api/v2/user/tasks/{id}/reopen`: the customer reopens done work: back to the expert who held
 * it (IN_PROGRESS), or to the queue when they are gone or may no longer work on tasks (their expert flag
 * removed, decision 081) (event line "You reopened the task").
 * @throws AppError 404 unknown or someone else's task, 409 when it is not done.
 */
export const reopenDoneTask = (deps: Deps & Pick<AppDeps, 'config'>, caller: Caller, taskId: string) =>
  answerDoneWork(deps, caller, taskId, async (tx, _now, { assignee }) => ({
    row: await reopenTask(tx, taskId, caller.id, assignee !== null && mayWorkOnTasks(assignee, deps.config.ADMIN_EMAILS)),
    event: 'reopened',
  }));

/**
 * `POST /api/v2/user/tasks/{id}/rating`: the customer rates done work, 1 to 5 with an optional
 * comment; rating again replaces the rating (event line "You rated the work n out of 5").
 * @throws AppError 404 unknown or someone else's task, 409 when it is not done.
 */
export const rateDoneTask = (deps: Deps, caller: Caller, taskId: string, rating: TaskRatingRequest) =>
  answerDoneWork(deps, caller, taskId, async (tx, now) => ({
    row: await rateTask(tx, taskId, caller.id, rating.score, rating.comment ?? null, now),
    event: 'rated',
    score: rating.score,
  }));

/**
 * A customer's message in a conversation whose task waits on them: the task goes back to IN_PROGRESS
 * with the event line "You answered; …, human expert, is working on your task again" (read by the
 * customer, who caused it). Any other task is left as it is; a done one is not reopened
 * (docs/decisions/069-task-status-event-lines.md). Call in the message's transaction, after storing the message.
 * @param conversations AppDeps `taskConversations` (the chat's own functions: tasks does not import chat).
 */
export async function resumeOnCustomerAnswer(
  conversations: TaskConversations,
  tx: Deps['db'],
  conversationId: string,
  now: Date,
): Promise<void> {
  const row = await resumeWaitingTask(tx, conversationId);
  if (!row) return;
  const assignee = (await findTaskWithPeople(tx, row.id))?.assignee;
  await recordTaskEvent(conversations, tx, row, 'answered', assignee ? personName(assignee) : null, now);
}

/**
 * People lose the right to work on tasks (their expert flag removed, their account deleted): the
 * unfinished tasks they held go back to the queue, each with the event line "Your task is back with the
 * expert team…" (docs/decisions/081-access-ends-everywhere.md). Call in the change's transaction.
 * @param conversations AppDeps `taskConversations` (the chat's own functions: tasks does not import chat).
 * @returns the conversations of every task they held (done ones too): their access to those ends.
 */
export async function releaseHeldTasks(
  conversations: TaskConversations,
  tx: Deps['db'],
  userIds: readonly string[],
  now: Date,
): Promise<string[]> {
  const held = await listConversationsHeldBy(tx, userIds);
  for (const row of await releaseAssignments(tx, userIds)) await recordTaskEvent(conversations, tx, row, 'unassigned', null, now);
  return held;
}

/** `GET /api/admin/ratings`: every rating, the latest first, with the average score. */
export async function listRatings(deps: Pick<AppDeps, 'db'>): Promise<AdminRatingList> {
  const rows = await listRatedTasks(deps.db);
  const ratings = rows.map(({ task, owner, assignee }) => ({
    taskId: task.id,
    taskTitle: task.title,
    conversationId: task.conversationId,
    customerName: personName(owner),
    expertId: task.assigneeId,
    expertName: assignee ? personName(assignee) : null,
    score: task.ratingScore!,
    comment: task.ratingComment,
    ratedAt: (task.ratedAt ?? task.createdAt).toISOString(),
  }));
  const averageScore = ratings.length === 0 ? null : ratings.reduce((sum, rating) => sum + rating.score, 0) / ratings.length;
  return { ratings, averageScore };
}
