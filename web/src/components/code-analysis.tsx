import type { ReactNode } from 'react';
import type { Task } from '@unstuck/contract';
import { InlineSpinner } from './spinner.tsx';

/** How often a view showing a pending code analysis asks again, in milliseconds. */
export const CODE_ANALYSIS_POLL_MS = 2000;

type AnalysedTask = Pick<Task, 'code_analysis' | 'code_analysis_state' | 'code_analysis_failure'>;

/**
 * A query's `refetchInterval` for views of tasks: every {@link CODE_ANALYSIS_POLL_MS} while one of
 * them has its code analysis pending (it runs as a job after the code came in, decision 025), never otherwise.
 */
export const pollWhileAnalysing = (tasks: readonly AnalysedTask[] | undefined): number | false =>
  tasks?.some((task) => task.code_analysis_state === 'pending') ? CODE_ANALYSIS_POLL_MS : false;

/**
 * A task's code analysis (Task.code_analysis): "Analysing code…" while its job is pending, then the
 * figures (`figures`, laid out by the page), or why there are none; `empty` when no code came in.
 */
export function CodeAnalysisView({ task, figures, empty }: { task: AnalysedTask; figures: ReactNode; empty: ReactNode }) {
  if (task.code_analysis_state === 'pending') {
    return <InlineSpinner label="Analysing code…" />;
  }
  return (
    <>
      {task.code_analysis_state === 'failed' ? (
        <p role="alert">Code analysis failed: {task.code_analysis_failure ?? 'no reason given'}</p>
      ) : null}
      {task.code_analysis ? figures : task.code_analysis_state === 'failed' ? null : empty}
    </>
  );
}
