import type { FastifyBaseLogger } from 'fastify';
import type { AgentQueue, CodeAnalysisJob, CodeAnalysisQueue } from '../../app-deps.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ReceivedFile } from '../../lib/received-file.ts';
import type { FileStorage } from '../../lib/file-storage.ts';
import { readFile } from '../files/files.service.ts';
import { findTask, markCodeAnalysisPending, saveCodeAnalysis, settleCodeAnalysis } from '../tasks/tasks.service.ts';
import type { AnalysisOutcome, AnalysisPool } from './code-analysis-pool.ts';
import type { CodeAnalysisJobContext } from './code-analysis.queue.ts';
import { findRepository, saveAnalysedTree } from './code-repositories.repository.ts';
import { archiveRefused, invalidArchive } from './code-sharing.errors.ts';
import { repositoryFolder, treeOfDefaultBranch, type LocalGitOptions } from './local-git.ts';
import { ArchiveProblem, checkZipDirectory, type ZipLimits } from './zip-reader.ts';

export { analyseZip } from './code-analysis.worker.ts';

/** The archive limits of the configuration (README "Configuration"). */
export const zipLimitsOf = (config: Config): ZipLimits => ({
  maxTotalBytes: config.CODE_ARCHIVE_MAX_BYTES,
  maxEntries: config.CODE_ARCHIVE_MAX_FILES,
  maxEntryRatio: config.CODE_ARCHIVE_MAX_RATIO,
});

const isZip = (file: { contentType: string }) => file.contentType === 'application/zip';

/**
 * Checks the ZIP archives among files being sent, before anything is recorded: their central
 * directory only, against the archive limits (milliseconds: nothing is inflated), so a zip bomb or
 * damaged archive refuses the send at once. The analysis itself runs later as a job
 * ({@link queueCodeAnalysis}). Run it outside the send's transaction. Office documents (ZIPs inside
 * too) have their own content type and are skipped.
 * @throws AppError 400 `invalid_archive`, 422 `archive_refused` naming the limit.
 */
export async function checkAttachedCode(deps: { config: Config; storage: FileStorage }, files: ReceivedFile[]): Promise<void> {
  for (const file of files) {
    if (!isZip(file) || !file.storageKey) continue;
    const data = await deps.storage.get(file.storageKey);
    if (!data) throw new Error(`The stored upload ${file.storageKey} is missing`);
    try {
      await checkZipDirectory(data, zipLimitsOf(deps.config));
    } catch (error) {
      throw error instanceof ArchiveProblem
        ? error.kind === 'refused'
          ? archiveRefused(error.message)
          : invalidArchive(error.message)
        : error;
    }
  }
}

/**
 * Queues the analysis of the ZIP archives among a task's newly attached files (a chat attachment,
 * an upload into a conversation, a submitted job's attachments) in the transaction that records
 * them, and marks the task's analysis pending. Call {@link CodeAnalysisQueue.wake} after the commit.
 * @param files the recorded files: their ids and sniffed content types.
 * @returns whether any analysis was queued.
 */
export async function queueCodeAnalysis(
  tx: Db,
  queue: CodeAnalysisQueue,
  taskId: string,
  files: ReadonlyArray<{ id: string; contentType: string }>,
): Promise<boolean> {
  const archives = files.filter(isZip);
  if (archives.length === 0) return false;
  await markCodeAnalysisPending(tx, taskId);
  for (const file of archives) await queue.enqueue({ taskId, fileId: file.id }, tx);
  return true;
}

/** What a code analysis job needs. */
export interface CodeAnalysisDeps {
  db: Db;
  config: Config;
  storage: FileStorage;
  pool: AnalysisPool;
  git: LocalGitOptions;
  agentQueue: AgentQueue;
  log: FastifyBaseLogger;
}

/**
 * Runs one code analysis job (docs/decisions/025-code-analysis-jobs.md): reads the ZIP from storage or
 * the repository's newest head, analyses it in the worker pool, and records the figures, or why
 * there are none, in the task (still pending while another analysis of the task waits or runs). A
 * repository whose head tree is the one analysed last costs nothing. Then agent-1's turn is queued:
 * a turn that found the analysis pending waited for this.
 * @throws on an unexpected failure of an attempt that will be retried (`context.lastAttempt` false);
 *   on the last attempt the failure is recorded in the task instead.
 */
export async function runCodeAnalysisJob(deps: CodeAnalysisDeps, job: CodeAnalysisJob, context: CodeAnalysisJobContext): Promise<void> {
  const task = await findTask(deps.db, job.taskId);
  if (!task) return;
  let outcome: AnalysisOutcome | null;
  try {
    outcome = 'fileId' in job ? await analyseFile(deps, job.fileId) : await analyseRepository(deps, job.repositoryId);
  } catch (error) {
    deps.log.error({ err: error, job }, 'code analysis failed');
    if (!context.lastAttempt) throw error;
    outcome = { ok: false, detail: 'The code analysis failed; send the code again to retry' };
  }
  const morePending = await context.morePending();
  if (outcome)
    await saveCodeAnalysis(deps.db, task.id, outcome.ok ? { analysis: outcome.analysis } : { failure: outcome.detail }, morePending);
  else if (!morePending) await settleCodeAnalysis(deps.db, task.id);
  if (!morePending) await deps.agentQueue.enqueue(task.conversationId);
}

/** A stored ZIP's analysis; null when the file is gone (deleted since). */
async function analyseFile(deps: CodeAnalysisDeps, fileId: string): Promise<AnalysisOutcome | null> {
  const found = await readFile(deps, fileId);
  if (!found) return null;
  return deps.pool.analyse({ kind: 'zip', bytes: found.data }, zipLimitsOf(deps.config));
}

/**
 * The analysis of a local repository's newest head, whose tree is recorded with its figures; the
 * task's figures as they are when that tree is the one analysed last (no analysis runs).
 */
async function analyseRepository(deps: CodeAnalysisDeps, repositoryId: string): Promise<AnalysisOutcome | null> {
  const row = await findRepository(deps.db, repositoryId);
  if (!row || row.host !== 'local') return null;
  const tree = await treeOfDefaultBranch(deps.git, row.name);
  if (!tree) return null;
  const task = await findTask(deps.db, row.taskId);
  if (tree === row.analysedTree && task?.codeAnalysis) return { ok: true, analysis: task.codeAnalysis };
  const outcome = await deps.pool.analyse({ kind: 'git', folder: repositoryFolder(deps.git, row.name), tree }, zipLimitsOf(deps.config));
  if (outcome.ok) await saveAnalysedTree(deps.db, row.id, tree);
  return outcome;
}
