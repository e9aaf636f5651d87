import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { codeRepositories, tasks } from '../../db/schema.ts';

/** A code_repositories row. */
export type CodeRepositoryRow = typeof codeRepositories.$inferSelect;

/** @returns the repository made for a task, or null. */
export async function findRepositoryOfTask(db: Db, taskId: string): Promise<CodeRepositoryRow | null> {
  const [row] = await db.select().from(codeRepositories).where(eq(codeRepositories.taskId, taskId));
  return row ?? null;
}

/** @returns the repository of this id, or null. */
export async function findRepository(db: Db, id: string): Promise<CodeRepositoryRow | null> {
  const [row] = await db.select().from(codeRepositories).where(eq(codeRepositories.id, id));
  return row ?? null;
}

/** Records which git tree the task's analysis was made of (decision 025). */
export async function saveAnalysedTree(db: Db, id: string, tree: string): Promise<void> {
  await db.update(codeRepositories).set({ analysedTree: tree }).where(eq(codeRepositories.id, id));
}

/** @returns the local repository of this name, or null. */
export async function findLocalRepository(db: Db, name: string): Promise<CodeRepositoryRow | null> {
  const [row] = await db
    .select()
    .from(codeRepositories)
    .where(and(eq(codeRepositories.host, 'local'), eq(codeRepositories.name, name)));
  return row ?? null;
}

/** Records a task's repository. */
export async function insertRepository(db: Db, row: typeof codeRepositories.$inferInsert): Promise<CodeRepositoryRow> {
  const [inserted] = await db.insert(codeRepositories).values(row).returning();
  return inserted!;
}

/** Replaces a local repository's push password (its hash). */
export async function replaceTokenHash(db: Db, id: string, tokenHash: string): Promise<void> {
  await db.update(codeRepositories).set({ tokenHash }).where(eq(codeRepositories.id, id));
}

/** @returns the names of the local repositories of these tasks and of the tasks of these conversations. */
export async function localRepositoryNamesOf(db: Db, scope: { taskIds?: string[]; conversationIds?: string[] }): Promise<string[]> {
  const where = [
    scope.taskIds?.length ? inArray(tasks.id, scope.taskIds) : undefined,
    scope.conversationIds?.length ? inArray(tasks.conversationId, scope.conversationIds) : undefined,
  ].filter((condition) => condition !== undefined);
  if (where.length === 0) return [];
  const rows = await db
    .select({ name: codeRepositories.name })
    .from(codeRepositories)
    .innerJoin(tasks, eq(tasks.id, codeRepositories.taskId))
    .where(and(eq(codeRepositories.host, 'local'), or(...where)));
  return rows.map((row) => row.name);
}
