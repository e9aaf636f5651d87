import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessRequests, taskShares, tasks } from '../../db/schema.ts';

/** A task_shares row. */
export type ShareRow = typeof taskShares.$inferSelect;

/** Stores a share link by its token's hash. @returns the row. */
export async function insertShare(
  db: Db,
  input: { taskId: string; tokenHash: string; createdBy: string; createdAt: Date; expiresAt: Date },
): Promise<ShareRow> {
  const [row] = await db.insert(taskShares).values(input).returning();
  return row!;
}

/** @returns the share link with this token hash, or null. */
export async function findShareByTokenHash(db: Db, tokenHash: string): Promise<ShareRow | null> {
  const [row] = await db.select().from(taskShares).where(eq(taskShares.tokenHash, tokenHash));
  return row ?? null;
}

/** @returns a task's share links, newest first. */
export function listSharesOfTask(db: Db, taskId: string): Promise<ShareRow[]> {
  return db.select().from(taskShares).where(eq(taskShares.taskId, taskId)).orderBy(desc(taskShares.createdAt));
}

/** Revokes a share link; a second revocation keeps the first time. @returns the row, or null when unknown. */
export async function revokeShare(db: Db, id: string, now: Date): Promise<ShareRow | null> {
  const [row] = await db
    .update(taskShares)
    .set({ revokedAt: sql`coalesce(${taskShares.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(taskShares.id, id))
    .returning();
  return row ?? null;
}

/** Stores an access request sent from a share page. @returns its id. */
export async function insertAccessRequest(
  db: Db,
  input: { shareId: string; name: string; email: string; message: string; createdAt: Date },
): Promise<string> {
  const [row] = await db.insert(accessRequests).values(input).returning({ id: accessRequests.id });
  if (!row) throw new Error('the access request could not be stored');
  return row.id;
}

/** @returns one access request with its task's id and title, or null. */
export async function findAccessRequest(db: Db, id: string) {
  const [row] = await db
    .select({ request: accessRequests, taskId: tasks.id, taskTitle: tasks.title })
    .from(accessRequests)
    .innerJoin(taskShares, eq(taskShares.id, accessRequests.shareId))
    .innerJoin(tasks, eq(tasks.id, taskShares.taskId))
    .where(eq(accessRequests.id, id));
  return row ?? null;
}

/** @returns access requests with their task, newest first; only one task's when `taskId` is given. */
export function listAccessRequests(db: Db, taskId?: string) {
  return db
    .select({ request: accessRequests, taskId: tasks.id, taskTitle: tasks.title })
    .from(accessRequests)
    .innerJoin(taskShares, eq(taskShares.id, accessRequests.shareId))
    .innerJoin(tasks, eq(tasks.id, taskShares.taskId))
    .where(taskId ? eq(tasks.id, taskId) : undefined)
    .orderBy(desc(accessRequests.createdAt));
}

/** @returns how many access requests each task's share links received (tasks without any are absent); one task's when given. */
export async function countAccessRequestsByTask(db: Db, taskId?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ taskId: taskShares.taskId, n: count(accessRequests.id) })
    .from(accessRequests)
    .innerJoin(taskShares, eq(taskShares.id, accessRequests.shareId))
    .where(taskId ? eq(taskShares.taskId, taskId) : undefined)
    .groupBy(taskShares.taskId);
  return new Map(rows.map((row) => [row.taskId, row.n]));
}

/**
 * Records an admin's answer to a pending access request (a request answered already is left alone).
 * @returns the request's id when it was pending, else null (unknown or answered).
 */
export async function decideAccessRequest(
  db: Db,
  input: { id: string; status: 'approved' | 'declined'; decidedBy: string; decidedAt: Date },
): Promise<string | null> {
  const [row] = await db
    .update(accessRequests)
    .set({ status: input.status, decidedBy: input.decidedBy, decidedAt: input.decidedAt })
    .where(and(eq(accessRequests.id, input.id), eq(accessRequests.status, 'pending')))
    .returning({ id: accessRequests.id });
  return row?.id ?? null;
}
