import type { Db } from '../../db/client.ts';
import { isAdminAccount, mayWorkOnTasks } from '../users/people.ts';
import { findUsers } from '../users/users.service.ts';
import { isWithTheExperts } from './hand-off.ts';
import { findTaskOfConversation, type TaskRow } from './tasks.repository.ts';

// The one rule of who reads a task's conversation besides its customer, asked by the event streams
// when they open and at every change, and by the emails about a conversation when they are sent
// (docs/decisions/026-the-human-half.md, 081-access-ends-everywhere.md).

/**
 * Which of `userIds` may read a conversation as staff now: once its task is with the human experts,
 * admins, and the person holding the task while they may work on tasks (an expert or an admin: an
 * expert whose flag was removed holds nothing). Read from the database now, in at most two queries.
 */
export async function staffWhoMayRead(
  db: Db,
  adminEmails: readonly string[],
  conversationId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  return staffOfTask(db, adminEmails, await findTaskOfConversation(db, conversationId), userIds);
}

async function staffOfTask(db: Db, adminEmails: readonly string[], task: TaskRow | null, userIds: readonly string[]): Promise<Set<string>> {
  if (!task || !isWithTheExperts(task)) return new Set();
  const people = await findUsers(db, userIds);
  const allowed = people.filter(
    (user) => isAdminAccount(user, adminEmails) || (user.id === task.assigneeId && mayWorkOnTasks(user, adminEmails)),
  );
  return new Set(allowed.map((user) => user.id));
}

/**
 * Whether a person may read a task's conversation now: its customer, or staff as {@link staffWhoMayRead}.
 * False when the conversation has no task (anymore).
 */
export async function mayReadTaskConversation(
  db: Db,
  adminEmails: readonly string[],
  conversationId: string,
  userId: string,
): Promise<boolean> {
  const task = await findTaskOfConversation(db, conversationId);
  if (!task) return false;
  return task.userId === userId || (await staffOfTask(db, adminEmails, task, [userId])).has(userId);
}
