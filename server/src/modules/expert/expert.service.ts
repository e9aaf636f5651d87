import { displayName, type ExpertTask, type Message } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { insertExpertMessage, listConversationMessages } from '../chat/chat.service.ts';
import { peopleOf, stripTaskSection, toStaffMessageView } from '../chat/message-view.ts';
import { viewMessagesAsStaff } from '../chat/staff-view.ts';
import { loadPublicIds } from '../users/participant-ids.ts';
import type { StaffMember } from '../auth/staff.ts';
import { personName } from '../users/people.ts';
import {
  assignTask,
  completeTask,
  EXPERT_STATUSES,
  findTaskWithPeople,
  listExpertTasks,
  type TaskRow,
  type TaskWithPeople,
} from '../tasks/tasks.service.ts';
import { taskDone, taskHeldByOther, taskNotInProgress, taskNotInQueue, taskNotTaken, taskTakenByOther } from './expert.errors.ts';

// The hand-off to a human expert (issue #8, beyond the spec): an accepted proposal reaches the
// experts' queue; one takes the task (IN_PROGRESS), replies in the customer's conversation under
// their own name, and marks it DONE.

type ExpertDeps = Pick<AppDeps, 'db' | 'clock'>;

const actorOf = (member: StaffMember): AuditActor => ({ id: member.id, email: member.email });

function toExpertTask({ task, owner, assignee }: TaskWithPeople): ExpertTask {
  return {
    id: task.id,
    title: task.title,
    status: task.status,
    createdAt: task.createdAt.toISOString(),
    description: task.description,
    clarifiedScope: task.clarifiedScope,
    jobSummaryForEngineer: task.jobSummaryForEngineer,
    proposalContent: task.proposalContent,
    proposalAcceptedAt: task.proposalAcceptedAt?.toISOString() ?? null,
    conversationId: task.conversationId,
    customerName: personName(owner),
    assigneeId: task.assigneeId,
    assigneeName: assignee ? personName(assignee) : null,
    assignedAt: task.assignedAt?.toISOString() ?? null,
    completedAt: task.completedAt?.toISOString() ?? null,
  };
}

const inQueue = (task: TaskRow) => (EXPERT_STATUSES as readonly string[]).includes(task.status);

/** @throws AppError 404 when the task is unknown or not (yet) handed to the experts. */
async function findQueuedTask(db: ExpertDeps['db'], taskId: string): Promise<TaskWithPeople> {
  const found = await findTaskWithPeople(db, taskId);
  if (!found || !inQueue(found.task)) throw taskNotInQueue();
  return found;
}

/**
 * Why an expert may not work on a task they do not hold.
 * @throws AppError 409 unassigned ("take it first") or done, 403 held by someone else.
 */
function refuseNotHolder(found: TaskWithPeople, member: StaffMember): never {
  if (found.task.status === 'DONE') throw taskDone();
  if (!found.task.assigneeId) throw taskNotTaken();
  if (found.task.assigneeId !== member.id) {
    throw taskHeldByOther(found.assignee ? personName(found.assignee) : null);
  }
  throw taskNotInProgress();
}

/** `GET /api/expert/tasks`: accepted, in-progress and done tasks, the earliest accepted first. */
export async function listQueue(deps: Pick<AppDeps, 'db'>): Promise<ExpertTask[]> {
  return (await listExpertTasks(deps.db)).map(toExpertTask);
}

/**
 * `GET /api/expert/tasks/{id}/messages`: the task's conversation as its customer reads it: the
 * agent's staff notes (after the task-section marker) are for admins only.
 * @throws AppError 404 when the task is not in the queue.
 */
export async function readTaskConversation(deps: Pick<AppDeps, 'db' | 'fileUrls'>, taskId: string): Promise<Message[]> {
  const { task } = await findQueuedTask(deps.db, taskId);
  // Staff names (participant ids), but the agent's notes after the task-section marker are for admins.
  const shown = await viewMessagesAsStaff(deps, task.conversationId, await listConversationMessages(deps.db, task.conversationId));
  return shown.map((message) => (message.sender_role === 'agent' ? { ...message, content: stripTaskSection(message.content) } : message));
}

/**
 * `POST /api/expert/tasks/{id}/take`: the caller takes an accepted task (assignee and time
 * recorded, status IN_PROGRESS). Taking one's own task again changes nothing.
 * @throws AppError 404 not in the queue, 409 taken by someone else or done.
 */
export async function takeTask(deps: ExpertDeps, member: StaffMember, taskId: string): Promise<ExpertTask> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const found = await findQueuedTask(tx, taskId);
    const taken = await assignTask(tx, taskId, member.id, now);
    if (!taken) {
      if (found.task.status === 'DONE') throw taskDone();
      throw taskTakenByOther(found.assignee ? personName(found.assignee) : null);
    }
    if (found.task.assigneeId !== member.id) {
      await recordAudit(tx, actorOf(member), { action: 'task.take', targetType: 'task', targetId: taskId }, now);
    }
    return toExpertTask((await findTaskWithPeople(tx, taskId))!);
  });
}

/**
 * `POST /api/expert/tasks/{id}/messages`: the expert who holds the task replies in its
 * conversation; the customer sees it by the expert's name, apart from the AI. agent-1 does not
 * answer an expert.
 * @returns the stored message.
 * @throws AppError 404 not in the queue, 409 not taken yet or done, 403 held by another expert.
 */
export async function replyAsExpert(deps: ExpertDeps, member: StaffMember, taskId: string, content: string): Promise<Message> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const found = await findQueuedTask(tx, taskId);
    if (found.task.status !== 'IN_PROGRESS' || found.task.assigneeId !== member.id) refuseNotHolder(found, member);
    const row = await insertExpertMessage(tx, {
      conversationId: found.task.conversationId,
      expertId: member.id,
      expertName: displayName(member.name, member.email),
      recipientId: found.task.userId,
      content,
      now,
    });
    await recordAudit(
      tx,
      actorOf(member),
      { action: 'task.expert_reply', targetType: 'task', targetId: taskId, details: { messageId: row.id } },
      now,
    );
    return toStaffMessageView(row, await loadPublicIds(tx, peopleOf([row])));
  });
}

/**
 * `POST /api/expert/tasks/{id}/done`: the expert who holds the task finishes it (status DONE).
 * @throws AppError 404 not in the queue, 409 not taken or already done, 403 held by another expert.
 */
export async function completeExpertTask(deps: ExpertDeps, member: StaffMember, taskId: string): Promise<ExpertTask> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const found = await findQueuedTask(tx, taskId);
    if (!(await completeTask(tx, taskId, member.id, now))) refuseNotHolder(found, member);
    await recordAudit(tx, actorOf(member), { action: 'task.done', targetType: 'task', targetId: taskId }, now);
    return toExpertTask((await findTaskWithPeople(tx, taskId))!);
  });
}
