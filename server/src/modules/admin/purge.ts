import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { conversationIdsOwnedBy, deleteConversations, deleteMessages } from '../chat/chat.service.ts';
import { removeStoredBytes } from '../../lib/file-storage.ts';
import { localRepositoryNamesOf, removeLocalRepositories } from '../code-sharing/code-sharing.service.ts';
import { takeFileRecords } from '../files/files.service.ts';
import { deleteTasksOfConversations, releaseHeldTasks } from '../tasks/tasks.service.ts';
import { deleteUsers } from '../users/users.service.ts';

/** What a purge leaves to remove once the transaction commits: stored bytes, and local repositories by name. */
export interface StoredLeftovers {
  fileKeys: string[];
  repositories: string[];
}

/** What a purge removed, and what it leaves to remove once the transaction commits. */
export interface PurgeResult extends StoredLeftovers {
  users: number;
  conversations: number;
  messages: number;
  tasks: number;
}

/**
 * Deletes conversations with everything in them: messages, the task (its share links, access
 * requests and repository record go by the foreign keys) and the files' records. Call inside a
 * transaction, then {@link removeStored} with the result.
 */
export async function purgeConversations(tx: Db, conversationIds: string[], also: { senderIds?: string[]; fileOwnerIds?: string[] } = {}) {
  const fileKeys = await takeFileRecords(tx, { ownerIds: also.fileOwnerIds ?? [], conversationIds });
  const repositories = await localRepositoryNamesOf(tx, { conversationIds });
  const messages = await deleteMessages(tx, { conversationIds, senderIds: also.senderIds ?? [] });
  const tasks = await deleteTasksOfConversations(tx, conversationIds);
  const conversations = await deleteConversations(tx, conversationIds);
  return { conversations, messages, tasks, fileKeys, repositories };
}

/**
 * Deletes people and all they left (docs/product.md "Screens": "deleting a user removes all messages, conversations,
 * tasks and files"): their conversations, every message they sent (an expert's replies in others'
 * conversations too), their uploads, and their rows. Tasks an expert among them had taken and not
 * finished go back to the queue with their event line (releaseHeldTasks). Call inside a transaction.
 */
export async function purgeUsers(deps: Pick<AppDeps, 'taskConversations'>, tx: Db, userIds: string[], now: Date): Promise<PurgeResult> {
  await releaseHeldTasks(deps.taskConversations, tx, userIds, now);
  const conversationIds = await conversationIdsOwnedBy(tx, userIds);
  const purged = await purgeConversations(tx, conversationIds, { senderIds: userIds, fileOwnerIds: userIds });
  return { ...purged, users: await deleteUsers(tx, userIds) };
}

/** What removing stored bytes and repositories needs: the storage, the configuration (where repositories live), and a log. */
export type PurgeDeps = Pick<AppDeps, 'storage' | 'config'> & { log: Pick<FastifyBaseLogger, 'warn'> };

/**
 * Removes the stored bytes of purged files and the folders of purged tasks' local repositories, after
 * the transaction committed (a rollback then loses nothing). What could not be removed is logged: its
 * records are gone, so nobody reaches it.
 */
export async function removeStored(deps: PurgeDeps, leftovers: StoredLeftovers): Promise<void> {
  for (const failure of await removeStoredBytes(deps.storage, leftovers.fileKeys)) {
    deps.log.warn({ err: failure.error, storageKey: failure.key }, 'a deleted file could not be removed from storage');
  }
  for (const failure of await removeLocalRepositories(deps.config, leftovers.repositories)) {
    deps.log.warn({ err: failure.error, repository: failure.name }, 'a deleted repository could not be removed from disk');
  }
}
