import type {
  ExpertStatusRequest,
  ExpertTask,
  ExpertTaskDetail,
  ExpertWorkspace,
  Message,
  RepositoryResponse,
  TaskPayment,
  WorkEstimate,
} from '@unstuck/contract';
import { displayName } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { discardOnFailure, type ReceivedFile } from '../../lib/received-file.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { StaffMember } from '../auth/staff.ts';
import {
  countUnreadCustomerMessages,
  findLatestIntakeStacks,
  findMessageEstimates,
  listCustomerWords,
  insertExpertMessage,
  listConversationMessages,
  markCustomerMessagesRead,
} from '../chat/chat.service.ts';
import { blankMessage } from '../chat/chat.errors.ts';
import { peopleOf, toStaffMessageView } from '../chat/message-view.ts';
import { viewMessagesForExperts } from '../chat/staff-view.ts';
import { checkAttachedCode } from '../code-sharing/code-analysis.ts';
import { repositoryNotFound } from '../code-sharing/code-sharing.errors.ts';
import { answerFor, findRepositoryOfTask } from '../code-sharing/code-sharing.service.ts';
import { recordMessageFiles, signConversationFiles } from '../files/files.service.ts';
import { customerTerms } from '../agent/intake/customer-terms.ts';
import { matchingSkills } from '../agent/technologies/skill-match.ts';
import { settleAtDone, tasksAwaitingDeposit, viewPayments } from '../payments/payments.service.ts';
import { staffWhoMayRead } from '../tasks/conversation-readers.ts';
import { isWithTheExperts, recordTaskEvent } from '../tasks/hand-off.ts';
import {
  assignTask,
  findTaskWithPeople,
  listExpertTasks,
  reassignTask,
  setWorkStatus,
  type TaskRow,
  type TaskWithPeople,
} from '../tasks/tasks.service.ts';
import { loadPublicIds } from '../users/participant-ids.ts';
import { mayWorkOnTasks, personName } from '../users/people.ts';
import { findUser } from '../users/users.service.ts';
import {
  conversationForHolder,
  notAnExpert,
  ownTask,
  taskDone,
  taskHeldByOther,
  taskNotInProgress,
  taskNotInQueue,
  taskNotTaken,
  taskTakenByOther,
} from './expert.errors.ts';

// The hand-off to a human expert (docs/decisions/038-expert-hand-off.md and 026-the-human-half.md): an
// accepted proposal reaches the experts' workspace; one takes the task (IN_PROGRESS), talks with the
// customer in the same conversation under their own name, says when they wait on the customer, and
// marks it DONE. Each change is an event line in the conversation (decision 069); the customer hears of
// it by email too (decision 071).

type ExpertDeps = Pick<AppDeps, 'db' | 'clock' | 'emails' | 'taskConversations' | 'config'>;

const actorOf = (member: StaffMember): AuditActor => ({ id: member.id, email: member.email });

/** Whether a member of staff may read and write a task's conversation: its holder, or an admin. */
const mayReadConversation = (task: TaskRow, member: StaffMember) => member.admin || task.assigneeId === member.id;

/** What the expert task view adds to a task row for one reader. */
interface ReaderView {
  stack: string[];
  estimate: WorkEstimate | null;
  /** The customer's budget and deadline in their words (customerTerms). */
  terms: { budget: string | null; deadline: string | null };
  matchedSkills: string[];
  unreadCount: number;
  payment: TaskPayment | null;
}

function toExpertTask({ task, owner, assignee }: TaskWithPeople, member: StaffMember, reader: ReaderView): ExpertTask {
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
    proposalVersion: task.proposalVersion,
    estimate: reader.estimate,
    budget: reader.terms.budget,
    deadline: reader.terms.deadline,
    conversationId: task.conversationId,
    customerName: personName(owner),
    assigneeId: task.assigneeId,
    assigneeName: assignee ? personName(assignee) : null,
    assignedAt: task.assignedAt?.toISOString() ?? null,
    completedAt: task.completedAt?.toISOString() ?? null,
    stack: reader.stack,
    matchedSkills: reader.matchedSkills,
    canReadConversation: mayReadConversation(task, member),
    unreadCount: task.assigneeId === member.id ? reader.unreadCount : 0,
    confirmedAt: task.confirmedAt?.toISOString() ?? null,
    rating: task.ratingScore === null ? null : { score: task.ratingScore, comment: task.ratingComment },
    payment: reader.payment,
  };
}

/**
 * The expert view of tasks for one reader: their stacks, accepted estimates, the customers' budgets and
 * deadlines and the payment plans, the reader's matching skills and unread counts (six queries in all).
 */
async function viewTasks(db: ExpertDeps['db'], member: StaffMember, rows: TaskWithPeople[]): Promise<ExpertTask[]> {
  const conversationIds = rows.map((row) => row.task.conversationId);
  const skills = (await findUser(db, member.id))?.skills ?? [];
  const stacks = await findLatestIntakeStacks(db, conversationIds);
  const estimates = await findMessageEstimates(
    db,
    rows.flatMap((row) => (row.task.proposalMessageId ? [row.task.proposalMessageId] : [])),
  );
  const unread = await countUnreadCustomerMessages(db, conversationIds);
  const words = await listCustomerWords(db, conversationIds);
  const payments = await viewPayments(
    db,
    rows.map((row) => row.task.id),
  );
  return rows.map((row) => {
    const stack = stacks.get(row.task.conversationId) ?? [];
    return toExpertTask(row, member, {
      stack,
      estimate: (row.task.proposalMessageId && estimates.get(row.task.proposalMessageId)) || null,
      terms: customerTerms(words.get(row.task.conversationId) ?? []),
      matchedSkills: matchingSkills(skills, stack),
      unreadCount: unread.get(row.task.conversationId) ?? 0,
      payment: payments.get(row.task.id) ?? null,
    });
  });
}

const viewTask = async (db: ExpertDeps['db'], member: StaffMember, row: TaskWithPeople) => (await viewTasks(db, member, [row]))[0]!;

/**
 * @throws AppError 404 when the task is unknown or not (yet) handed to the experts: not accepted, or its
 *   work waits for the deposit (PAYMENT_BEFORE_WORK, docs/decisions/093-payments.md).
 */
async function findQueuedTask(db: ExpertDeps['db'], taskId: string, config: ExpertDeps['config']): Promise<TaskWithPeople> {
  const found = await findTaskWithPeople(db, taskId);
  if (!found || !isWithTheExperts(found.task)) throw taskNotInQueue();
  if ((await tasksAwaitingDeposit({ db, config }, [taskId])).size > 0) throw taskNotInQueue();
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

/**
 * `GET /api/expert/tasks`: the expert workspace (decision 070). Tasks nobody holds are "matched"
 * when the caller's profile skills meet the stack agent-1 recorded (case-, punctuation- and
 * alias-insensitive, decision 068), else "unassigned" (never the caller's own requests); "mine" are the caller's tasks not done; "done"
 * the done tasks the caller held (every done task for an admin). Each section the earliest accepted first.
 */
export async function listWorkspace(deps: Pick<AppDeps, 'db' | 'config'>, member: StaffMember): Promise<ExpertWorkspace> {
  const rows = await listExpertTasks(deps.db);
  // Work waiting for its deposit is not the experts' yet (PAYMENT_BEFORE_WORK, docs/decisions/093-payments.md).
  const waiting = await tasksAwaitingDeposit(
    deps,
    rows.map((row) => row.task.id),
  );
  // A task's own customer may not take it (409 on take), so it is not offered to them.
  const ownRequests = new Set(rows.filter((row) => row.task.userId === member.id).map((row) => row.task.id));
  const tasks = await viewTasks(
    deps.db,
    member,
    rows.filter((row) => !waiting.has(row.task.id)),
  );
  const free = tasks.filter((task) => task.assigneeId === null && task.status === 'ACCEPTED' && !ownRequests.has(task.id));
  const mine = tasks.filter((task) => task.assigneeId === member.id && task.status !== 'DONE');
  return {
    matched: free.filter((task) => task.matchedSkills.length > 0),
    unassigned: free.filter((task) => task.matchedSkills.length === 0),
    mine,
    done: tasks.filter((task) => task.status === 'DONE' && (member.admin || task.assigneeId === member.id)),
    unreadTotal: mine.reduce((sum, task) => sum + task.unreadCount, 0),
  };
}

/**
 * A task's conversation as its customer reads it (the agent's staff notes, after the task-section
 * marker, are left out), names by participant id. Read by the task's holder, the customer's messages
 * count as read from now on.
 */
async function conversationFor(deps: Pick<AppDeps, 'db' | 'fileUrls'>, task: TaskRow, member: StaffMember): Promise<Message[]> {
  if (task.assigneeId === member.id) await markCustomerMessagesRead(deps.db, task.conversationId, task.userId);
  return viewMessagesForExperts(deps, task.conversationId, await listConversationMessages(deps.db, task.conversationId));
}

/**
 * `GET /api/expert/tasks/{id}/messages`: the task's conversation, for its holder and admins.
 * @throws AppError 404 when the task is not in the queue, 403 for another expert (the brief is theirs to read, not the conversation).
 */
export async function readTaskConversation(
  deps: Pick<AppDeps, 'db' | 'fileUrls' | 'config'>,
  member: StaffMember,
  taskId: string,
): Promise<Message[]> {
  const { task } = await findQueuedTask(deps.db, taskId, deps.config);
  if (!mayReadConversation(task, member)) throw conversationForHolder();
  return conversationFor(deps, task, member);
}

/**
 * `GET /api/expert/tasks/{id}`: the task's brief, status and repository for every expert; its
 * conversation and the repository's URL only for its holder and admins.
 * @throws AppError 404 when the task is not in the queue.
 */
export async function readExpertTask(
  deps: Pick<AppDeps, 'db' | 'fileUrls' | 'config'>,
  member: StaffMember,
  taskId: string,
): Promise<ExpertTaskDetail> {
  const found = await findQueuedTask(deps.db, taskId, deps.config);
  const allowed = mayReadConversation(found.task, member);
  const messages = allowed ? await conversationFor(deps, found.task, member) : null;
  const repository = found.task.githubRepository;
  return {
    ...(await viewTask(deps.db, member, found)),
    diagnosis: found.task.diagnosis,
    repository: repository ? { name: repository.name, createdAt: repository.created_at, url: allowed ? repository.url : null } : null,
    messages,
  };
}

/**
 * `POST /api/expert/tasks/{id}/repository/credentials`: push credentials of the task's repository
 * for its holder and admins (a local repository gets a new password; the one given before stops working).
 * @param origin where people reach this server (PUBLIC_URL, else the request's).
 * @throws AppError 404 not in the queue or no repository, 403 for another expert.
 */
export async function repositoryCredentials(
  deps: Pick<AppDeps, 'db' | 'config'>,
  member: StaffMember,
  taskId: string,
  origin: string,
): Promise<RepositoryResponse> {
  const { task } = await findQueuedTask(deps.db, taskId, deps.config);
  if (!mayReadConversation(task, member)) throw conversationForHolder();
  const repository = await findRepositoryOfTask(deps.db, taskId);
  if (!repository) throw repositoryNotFound();
  return answerFor(deps.db, repository, origin);
}

/** Queues the customer's email about an assignment (in the change's transaction). */
const queueAssignedEmail = (deps: ExpertDeps, tx: ExpertDeps['db'], task: TaskRow) =>
  task.assigneeId && task.assignedAt
    ? deps.emails.enqueue(
        { type: 'task_assigned', taskId: task.id, expertId: task.assigneeId, assignedAt: task.assignedAt.toISOString() },
        tx,
      )
    : Promise.resolve();

/**
 * `POST /api/expert/tasks/{id}/take`: the caller takes an accepted task (assignee and time
 * recorded, status IN_PROGRESS); the event line "…, human expert, took your task" goes into the
 * conversation and the customer is emailed. Taking one's own task again changes nothing.
 * @throws AppError 404 not in the queue, 409 taken by someone else, done, or the caller's own request.
 */
export async function takeTask(deps: ExpertDeps, member: StaffMember, taskId: string): Promise<ExpertTask> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const found = await findQueuedTask(tx, taskId, deps.config);
    if (found.task.userId === member.id) throw ownTask();
    const taken = await assignTask(tx, taskId, member.id, now);
    if (!taken) {
      if (found.task.status === 'DONE') throw taskDone();
      throw taskTakenByOther(found.assignee ? personName(found.assignee) : null);
    }
    if (found.task.assigneeId !== member.id) {
      await recordAudit(tx, actorOf(member), { action: 'task.take', targetType: 'task', targetId: taskId }, now);
      await recordTaskEvent(deps.taskConversations, tx, taken, 'assigned', displayName(member.name, member.email), now);
      await queueAssignedEmail(deps, tx, taken);
    }
    return viewTask(tx, member, (await findTaskWithPeople(tx, taskId))!);
  });
  deps.emails.wake();
  return result;
}

/**
 * `POST /api/expert/tasks/{id}/messages`: the expert who holds the task (in progress or waiting on
 * the customer) replies in its conversation; the customer sees it by the expert's name, apart from
 * the AI, and is emailed if it is still unread after EMAIL_UNREAD_DELAY_SECONDS. Replying reads the
 * customer's messages. agent-1 does not answer an expert.
 * Files come as the customer's do (docs/decisions/026-the-human-half.md: the same path and limits):
 * received into storage already, ZIPs checked, recorded with the reply (text files inlined), and
 * removed from storage when the reply is refused.
 * @returns the stored message, its attachments as signed links.
 * @throws AppError 400 blank reply without files or damaged ZIP, 422 ZIP over the archive limits, 404
 *   not in the queue, 409 not taken yet or done, 403 held by another expert.
 */
export async function replyAsExpert(
  deps: ExpertDeps & Pick<AppDeps, 'config' | 'storage' | 'fileUrls'>,
  member: StaffMember,
  taskId: string,
  typed: string,
  files: ReceivedFile[],
): Promise<Message> {
  const now = deps.clock.now();
  return discardOnFailure(deps.storage, files, async () => {
    if (!typed && files.length === 0) throw blankMessage();
    await checkAttachedCode(deps, files);
    return deps.db.transaction(async (tx) => {
      const found = await findQueuedTask(tx, taskId, deps.config);
      const { task } = found;
      if (task.assigneeId !== member.id || (task.status !== 'IN_PROGRESS' && task.status !== 'WAITING_ON_CUSTOMER')) {
        refuseNotHolder(found, member);
      }
      await markCustomerMessagesRead(tx, task.conversationId, task.userId);
      const { content, stored } = await recordMessageFiles(tx, { ownerId: member.id, conversationId: task.conversationId, typed, files });
      const row = await insertExpertMessage(tx, {
        conversationId: task.conversationId,
        expertId: member.id,
        expertName: displayName(member.name, member.email),
        recipientId: task.userId,
        content,
        attachments: stored.map((one) => one.attachment),
        now,
      });
      await recordAudit(
        tx,
        actorOf(member),
        { action: 'task.expert_reply', targetType: 'task', targetId: taskId, details: { messageId: row.id } },
        now,
      );
      await deps.emails.enqueue({ type: 'expert_replied', messageId: row.id }, tx, {
        delaySeconds: deps.config.EMAIL_UNREAD_DELAY_SECONDS,
      });
      const signFiles = await signConversationFiles({ db: tx, fileUrls: deps.fileUrls }, task.conversationId);
      return signFiles(toStaffMessageView(row, await loadPublicIds(tx, peopleOf([row]))));
    });
  });
}

const EVENT_OF_STATUS = { IN_PROGRESS: 'in_progress', WAITING_ON_CUSTOMER: 'waiting_on_customer', DONE: 'done' } as const;

/**
 * `POST /api/expert/tasks/{id}/status` (and `/done`): the expert who holds the task says where it
 * stands: in progress, waiting on the customer, or done. Each change is an event line in the
 * conversation ("Marked done", …); done also emails the customer, who may then confirm, reopen or
 * rate. Setting the status it has changes nothing. With a payment plan, DONE takes the whole `hours`
 * worked, which set the balance (docs/decisions/093-payments.md).
 * @throws AppError 400 DONE without `hours` on a task with a payment plan, 404 not in the queue, 409 not
 *   taken or already done, 403 held by another expert.
 */
export async function setTaskStatus(
  deps: ExpertDeps,
  member: StaffMember,
  taskId: string,
  status: ExpertStatusRequest['status'],
  hours?: number,
): Promise<ExpertTask> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const found = await findQueuedTask(tx, taskId, deps.config);
    if (found.task.assigneeId === member.id && found.task.status === status) return viewTask(tx, member, found);
    const updated = await setWorkStatus(tx, taskId, member.id, status, now);
    if (!updated) refuseNotHolder(found, member);
    await recordAudit(
      tx,
      actorOf(member),
      { action: status === 'DONE' ? 'task.done' : 'task.status', targetType: 'task', targetId: taskId, details: { status } },
      now,
    );
    await recordTaskEvent(deps.taskConversations, tx, updated, EVENT_OF_STATUS[status], displayName(member.name, member.email), now);
    if (status === 'DONE') {
      await settleAtDone(deps, tx, actorOf(member), taskId, hours);
      await deps.emails.enqueue({ type: 'task_done', taskId, completedAt: now.toISOString() }, tx);
    }
    return viewTask(tx, member, (await findTaskWithPeople(tx, taskId))!);
  });
  deps.emails.wake();
  return result;
}

/**
 * `POST /api/admin/tasks/{id}/assign`: an admin gives a task with the experts that is not done to an
 * expert (IN_PROGRESS; "assigned" or "reassigned" event line; the customer is emailed), or puts it
 * back in the queue (`expertId` null: ACCEPTED, "unassigned"). Giving it to its holder changes nothing.
 * The expert who held it before loses its conversation everywhere at once, unless they may read it
 * anyway (an admin; docs/decisions/081-access-ends-everywhere.md).
 * @param expertId a signed-in user who is an expert or an admin, not the task's customer.
 * @throws AppError 400 when `expertId` names nobody who may work on tasks, 404 when the task is not
 *   with the experts, 409 when it is done or `expertId` is its customer.
 */
export async function assignTaskByAdmin(
  deps: ExpertDeps & Pick<AppDeps, 'config' | 'accessEndings'>,
  admin: StaffMember,
  taskId: string,
  expertId: string | null,
): Promise<void> {
  const now = deps.clock.now();
  const expert = expertId ? await findUser(deps.db, expertId) : null;
  if (expertId && (!expert || !mayWorkOnTasks(expert, deps.config.ADMIN_EMAILS))) throw notAnExpert();
  await deps.db.transaction(async (tx) => {
    const found = await findQueuedTask(tx, taskId, deps.config);
    if (found.task.assigneeId === expertId) return;
    if (found.task.userId === expertId) throw ownTask();
    const updated = await reassignTask(tx, taskId, expertId, now);
    if (!updated) throw taskDone();
    const before = found.task.assigneeId;
    if (before && !(await staffWhoMayRead(tx, deps.config.ADMIN_EMAILS, updated.conversationId, [before])).has(before)) {
      await deps.accessEndings.end(tx, [{ userId: before, conversationId: updated.conversationId }]);
    }
    const kind = !expert ? 'unassigned' : found.task.assigneeId ? 'reassigned' : 'assigned';
    await recordTaskEvent(deps.taskConversations, tx, updated, kind, expert ? personName(expert) : null, now);
    await recordAudit(tx, actorOf(admin), { action: 'task.assign', targetType: 'task', targetId: taskId, details: { expertId } }, now);
    await queueAssignedEmail(deps, tx, updated);
  });
  deps.emails.wake();
}
