import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { tasks } from '../../src/db/schema.ts';
import { until } from './until.ts';

/**
 * Waits until the code analysis of a task (by its id or its conversation's) is no longer pending:
 * the analysis runs as a job after the send or push (docs/decisions/025-code-analysis-jobs.md).
 * @returns the task row then.
 * @throws when it is still pending (or no code came in) after `timeoutMs`.
 */
export async function settledCodeAnalysis(db: Db, of: { taskId: string } | { conversationId: string }, timeoutMs = 60_000) {
  const where = 'taskId' in of ? eq(tasks.id, of.taskId) : eq(tasks.conversationId, of.conversationId);
  let row: typeof tasks.$inferSelect | undefined;
  await until(
    async () => {
      [row] = await db.select().from(tasks).where(where);
      return row?.codeAnalysisState === 'ready' || row?.codeAnalysisState === 'failed';
    },
    timeoutMs,
    'the code analysis',
  );
  return row!;
}
