import { Piscina } from 'piscina';
import type { CodeAnalysis } from '@unstuck/contract';
import type { Config } from '../../config.ts';
import type { AnalysisResult, AnalysisSource, AnalysisTask } from './code-analysis.worker.ts';
import type { ZipLimits } from './zip-reader.ts';

/** The analysis's outcome as the job records it: the figures, or the text saying why there are none. */
export type AnalysisOutcome = { ok: true; analysis: CodeAnalysis } | { ok: false; detail: string };

/** The worker threads that analyse code, away from the event loop (docs/decisions/025-code-analysis-jobs.md). */
export interface AnalysisPool {
  /**
   * Analyses one source in a worker thread within the configured limits: a thread over its memory is
   * ended by V8, one over the wall-clock limit is terminated, one over its CPU time stops itself.
   * @returns the figures, or why there are none (a damaged or refused archive, a limit reached).
   * @throws when the worker fails otherwise (git missing, a bug): the job is retried.
   */
  analyse(source: AnalysisSource, limits: ZipLimits): Promise<AnalysisOutcome>;
  /** Ends the threads (running analyses are aborted). */
  close(): Promise<void>;
}

/**
 * The worker's file beside this module: the TypeScript source when the server runs from source (Node
 * strips its types), the bundled `code-analysis.worker.js` next to `main.js` in the build
 * (scripts/build-server.mjs).
 */
const workerFile = () =>
  new URL(import.meta.url.endsWith('.ts') ? './code-analysis.worker.ts' : './code-analysis.worker.js', import.meta.url).href;

/**
 * Starts the pool: `CODE_ANALYSIS_THREADS` threads at most, each with `CODE_ANALYSIS_MAX_MEMORY_MB` of
 * V8 heap, analyses stopped after `CODE_ANALYSIS_TIMEOUT_SECONDS` (wall clock) or
 * `CODE_ANALYSIS_MAX_CPU_SECONDS` of the thread's CPU time. Threads start on demand and end after 30 s
 * idle, so a server that analyses nothing holds none.
 */
export function createAnalysisPool(
  config: Pick<
    Config,
    'CODE_ANALYSIS_THREADS' | 'CODE_ANALYSIS_MAX_MEMORY_MB' | 'CODE_ANALYSIS_TIMEOUT_SECONDS' | 'CODE_ANALYSIS_MAX_CPU_SECONDS'
  >,
): AnalysisPool {
  const memoryMb = config.CODE_ANALYSIS_MAX_MEMORY_MB;
  const pool = new Piscina<AnalysisTask, AnalysisResult>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: config.CODE_ANALYSIS_THREADS,
    idleTimeout: 30_000,
    concurrentTasksPerWorker: 1,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(4, memoryMb / 8)) },
  });
  const timeoutMs = config.CODE_ANALYSIS_TIMEOUT_SECONDS * 1000;
  return {
    async analyse(source, limits) {
      const task: AnalysisTask = { source, limits, maxCpuMs: config.CODE_ANALYSIS_MAX_CPU_SECONDS * 1000 };
      try {
        const result = await pool.run(task, { signal: AbortSignal.timeout(timeoutMs) });
        return result.ok ? result : { ok: false, detail: result.detail };
      } catch (error) {
        if ((error as Error).name === 'AbortError') {
          return { ok: false, detail: `The code analysis took longer than ${config.CODE_ANALYSIS_TIMEOUT_SECONDS} s and was stopped` };
        }
        if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          return { ok: false, detail: `The code analysis needed more than ${memoryMb} MB of memory and was stopped` };
        }
        throw error;
      }
    },
    close: () => pool.close({ force: true }),
  };
}
