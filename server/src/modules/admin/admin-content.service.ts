import type { AdminTask, ConversationSummary, Message } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { conversationNotFound } from '../chat/chat.errors.ts';
import { findConversation, listConversationMessages, listConversationSummaries } from '../chat/chat.service.ts';
import { viewMessagesAsStaff } from '../chat/staff-view.ts';
import { localRepositoryNamesOf } from '../code-sharing/code-sharing.service.ts';
import { countAccessRequestsByTask } from '../shares/shares.service.ts';
import { taskNotFound } from '../tasks/tasks.errors.ts';
import { deleteTask, listTasksForAdmin, saveAdminNotes, type TaskWithPeople } from '../tasks/tasks.service.ts';
import { userNotFound } from '../users/users.errors.ts';
import { findUser } from '../users/users.service.ts';
import { loadPublicIds, publicIdOf, resolvePublicId } from '../users/participant-ids.ts';
import { personId, personName } from '../users/people.ts';
import { purgeConversations, removeStored, type PurgeDeps } from './purge.ts';

type AdminDeps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * `GET /api/admin/users/{id}/conversations` (docs/product.md "Calls"): title, message count, participants and last
 * message time, the latest first. A guest is named by its participant id, in the path and in the answer.
 * @throws AppError 404 unknown user (or a guest named by its guest id).
 */
export async function listUserConversations(deps: AdminDeps, publicId: string): Promise<ConversationSummary[]> {
  const userId = await resolvePublicId(deps.db, publicId);
  if (!userId || !(await findUser(deps.db, userId))) throw userNotFound();
  const summaries = await listConversationSummaries(deps.db, userId);
  const publicIds = await loadPublicIds(
    deps.db,
    summaries.flatMap((summary) => summary.participants),
  );
  return summaries.map((summary) => ({ ...summary, participants: summary.participants.map(publicIds) }));
}

/**
 * `GET /api/admin/conversations/{id}/messages` (docs/product.md "Calls"): oldest first, with the agent's staff notes
 * (admin views keep the task section).
 * @throws AppError 404 unknown conversation.
 */
export async function listMessagesForStaff(deps: Pick<AppDeps, 'db' | 'fileUrls'>, conversationId: string): Promise<Message[]> {
  if (!(await findConversation(deps.db, conversationId))) throw conversationNotFound();
  return viewMessagesAsStaff(deps, conversationId, await listConversationMessages(deps.db, conversationId));
}

/**
 * `DELETE /api/admin/conversations/{id}`: its messages (docs/product.md "Screens" warning), its task and its files go too.
 * @throws AppError 404 unknown conversation.
 */
export async function deleteConversation(deps: AdminDeps & PurgeDeps, actor: AuditActor, conversationId: string) {
  const now = deps.clock.now();
  const purged = await deps.db.transaction(async (tx) => {
    const conversation = await findConversation(tx, conversationId);
    if (!conversation) throw conversationNotFound();
    const result = await purgeConversations(tx, [conversationId]);
    await recordAudit(
      tx,
      actor,
      {
        action: 'conversation.delete',
        targetType: 'conversation',
        targetId: conversationId,
        details: {
          ownerId: await publicIdOf(tx, conversation.ownerId),
          title: conversation.title,
          messages: result.messages,
          files: result.fileKeys.length,
        },
      },
      now,
    );
    return result;
  });
  await removeStored(deps, purged);
  return {
    deleted_conversation_id: conversationId,
    deleted_messages: purged.messages,
    deleted_tasks: purged.tasks,
    deleted_files: purged.fileKeys.length,
  };
}

function toAdminTask({ task, owner, assignee }: TaskWithPeople, accessRequestCount: number): AdminTask {
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    status: task.status,
    createdAt: task.createdAt.toISOString(),
    userId: personId(owner),
    userName: personName(owner),
    userEmail: owner.isGuest ? null : owner.email,
    conversationId: task.conversationId,
    endUserAcceptedTask: task.endUserAcceptedTask,
    diagnosis: task.diagnosis,
    clarifiedScope: task.clarifiedScope,
    jobSummaryForEngineer: task.jobSummaryForEngineer,
    proposalMessageId: task.proposalMessageId,
    proposalContent: task.proposalContent,
    proposalStatus: task.proposalStatus,
    proposalAcceptedAt: task.proposalAcceptedAt?.toISOString() ?? null,
    proposalVersion: task.proposalVersion,
    adminNotes: task.adminNotes,
    github_repository: task.githubRepository ?? null,
    code_analysis: task.codeAnalysis ?? null,
    code_analysis_state: task.codeAnalysisState ?? null,
    code_analysis_failure: task.codeAnalysisFailure ?? null,
    userRole: owner.isGuest ? 'guest' : 'user',
    sessionId: owner.isGuest ? owner.participantId : null,
    taskType: task.taskType,
    assigneeId: task.assigneeId,
    assigneeName: assignee ? personName(assignee) : null,
    assignedAt: task.assignedAt?.toISOString() ?? null,
    completedAt: task.completedAt?.toISOString() ?? null,
    accessRequestCount,
  };
}

/** `GET /api/v2/tasks` (docs/product.md "Calls", admins only): every task with its customer, newest first. */
export async function listTasks(deps: Pick<AppDeps, 'db'>): Promise<AdminTask[]> {
  const requests = await countAccessRequestsByTask(deps.db);
  return (await listTasksForAdmin(deps.db)).map((row) => toAdminTask(row, requests.get(row.task.id) ?? 0));
}

/**
 * `DELETE /api/admin/tasks/{id}`: the task alone (docs/product.md "Screens") with its code repository; its conversation
 * and the files in it stay.
 * @throws AppError 404 unknown task.
 */
export async function removeTask(deps: AdminDeps & PurgeDeps, actor: AuditActor, taskId: string) {
  const now = deps.clock.now();
  const repositories = await deps.db.transaction(async (tx) => {
    const names = await localRepositoryNamesOf(tx, { taskIds: [taskId] });
    if (!(await deleteTask(tx, taskId))) throw taskNotFound();
    await recordAudit(tx, actor, { action: 'task.delete', targetType: 'task', targetId: taskId }, now);
    return names;
  });
  await removeStored(deps, { fileKeys: [], repositories });
  return { deleted_task_id: taskId };
}

/**
 * `PATCH /api/admin/tasks/{id}`: saves the admin notes (the spec's were not saved; README "Deviations").
 * @returns the task as the Tasks tab shows it.
 * @throws AppError 404 unknown task.
 */
export async function updateAdminNotes(deps: AdminDeps, actor: AuditActor, taskId: string, adminNotes: string): Promise<AdminTask> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await saveAdminNotes(tx, taskId, adminNotes);
    if (!before) throw taskNotFound();
    await recordAudit(
      tx,
      actor,
      { action: 'task.admin_notes', targetType: 'task', targetId: taskId, details: { length: adminNotes.length } },
      now,
    );
    return readAdminTask(tx, taskId);
  });
}

/**
 * One task as the admin Tasks tab lists it.
 * @throws AppError 404 unknown task.
 */
export async function readAdminTask(db: AppDeps['db'], taskId: string): Promise<AdminTask> {
  const [task] = await listTasksForAdmin(db, taskId);
  if (!task) throw taskNotFound();
  return toAdminTask(task, (await countAccessRequestsByTask(db, taskId)).get(taskId) ?? 0);
}
