import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { conversationIdsOwnedBy, deleteConversations, deleteMessages } from '../chat/chat.service.ts';
import { removeStoredBytes } from '../../lib/file-storage.ts';
import { takeFileRecords } from '../files/files.service.ts';
import { deleteTasksOfConversations, releaseAssignments } from '../tasks/tasks.service.ts';
import { deleteUsers } from '../users/users.service.ts';

/** What a purge removed; `fileKeys` are the stored bytes to remove once the transaction commits. */
export interface PurgeResult {
  users: number;
  conversations: number;
  messages: number;
  tasks: number;
  fileKeys: string[];
}

/**
 * Deletes conversations with everything in them: messages, the task (its share links and access
 * requests go by the foreign keys) and the files' records. Call inside a transaction.
 */
export async function purgeConversations(tx: Db, conversationIds: string[], also: { senderIds?: string[]; fileOwnerIds?: string[] } = {}) {
  const fileKeys = await takeFileRecords(tx, { ownerIds: also.fileOwnerIds ?? [], conversationIds });
  const messages = await deleteMessages(tx, { conversationIds, senderIds: also.senderIds ?? [] });
  const tasks = await deleteTasksOfConversations(tx, conversationIds);
  const conversations = await deleteConversations(tx, conversationIds);
  return { conversations, messages, tasks, fileKeys };
}

/**
 * Deletes people and all they left (spec §2: "deleting a user removes all messages, conversations,
 * tasks and files"): their conversations, every message they sent (an expert's replies in others'
 * conversations too), their uploads, and their rows. Tasks an expert among them had taken and not
 * finished go back to the queue. Call inside a transaction.
 */
export async function purgeUsers(tx: Db, userIds: string[]): Promise<PurgeResult> {
  await releaseAssignments(tx, userIds);
  const conversationIds = await conversationIdsOwnedBy(tx, userIds);
  const purged = await purgeConversations(tx, conversationIds, { senderIds: userIds, fileOwnerIds: userIds });
  return { ...purged, users: await deleteUsers(tx, userIds) };
}

/** What removing stored bytes needs: the storage, and a log for bytes that could not be removed. */
export type PurgeDeps = Pick<AppDeps, 'storage'> & { log: Pick<FastifyBaseLogger, 'warn'> };

/**
 * Removes the stored bytes of purged files, after the transaction committed (a rollback then loses
 * nothing). Bytes that could not be removed are logged: their records are gone, so nobody reaches them.
 */
export async function removeBytes(deps: PurgeDeps, keys: string[]): Promise<void> {
  for (const failure of await removeStoredBytes(deps.storage, keys)) {
    deps.log.warn({ err: failure.error, storageKey: failure.key }, 'a deleted file could not be removed from storage');
  }
}
