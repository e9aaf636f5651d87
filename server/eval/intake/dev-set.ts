import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { requestTypeSchema } from '@unstuck/contract';

/** What the simulated person says when asked, by topic (the set's `answers`). */
export const answersSchema = z.object({
  details: z.string(),
  goal: z.string(),
  deadline: z.string(),
  budget: z.string(),
  code: z.string(),
});
export type Answers = z.infer<typeof answersSchema>;
export type Topic = keyof Answers;

/** One case: the person's first message and what a good intake gets out of the conversation. */
export const evaluationCaseSchema = z.object({
  first: z.string().min(1),
  /** Technologies of the person's project (never the AI tools). */
  stack: z.array(z.string()),
  /** AI builders or assistants the person mentions. */
  ai_tools: z.array(z.string()),
  /** The kind of request, as the first message states it. */
  request_type: requestTypeSchema,
  answers: answersSchema,
});
export type EvaluationCase = z.infer<typeof evaluationCaseSchema>;

/** An evaluation set: the development set in server/eval, or the held-out set of the same shape. */
export const evaluationSetSchema = z.object({ about: z.string().optional(), cases: z.array(evaluationCaseSchema).min(1) });
export type EvaluationSet = z.infer<typeof evaluationSetSchema>;

/**
 * Reads and validates an evaluation set file (JSON of `evaluationSetSchema`).
 * @throws when the file is missing, not JSON, or not of the shape (the zod error names the field).
 */
export async function loadEvaluationSet(file: string): Promise<EvaluationSet> {
  return evaluationSetSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}
