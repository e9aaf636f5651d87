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

/**
 * The hours a fair estimate of the case must fall inside, as an experienced engineer would bound them:
 * an estimate of `low`–`high` hours is inside when `min_hours` ≤ low and high ≤ `max_hours`.
 */
export const envelopeSchema = z
  .object({ min_hours: z.number().positive(), max_hours: z.number().positive() })
  .refine((envelope) => envelope.min_hours < envelope.max_hours, { message: 'min_hours must be below max_hours' });
export type Envelope = z.infer<typeof envelopeSchema>;

/**
 * A ZIP archive of code the person attaches to the first message, described by what is in it: the
 * harness writes `files` source files of the `languages` (GitHub Linguist names), `lines` lines in all.
 */
export const codeArchiveSchema = z.object({
  file_name: z.string().regex(/\.zip$/i, 'a .zip file name'),
  files: z.number().int().min(1).max(2000),
  lines: z.number().int().min(1).max(200_000),
  languages: z.array(z.string().min(1)).min(1),
});
export type CodeArchive = z.infer<typeof codeArchiveSchema>;

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
  /** The hours a fair estimate falls inside; sets made before envelopes existed have none. */
  envelope: envelopeSchema.optional(),
  /**
   * What the first message already tells, by the answers' topics ("code" when it names where the code
   * is, "deadline", "budget"): asking for it again counts as asking for something the person said.
   */
  told: z.array(answersSchema.keyof()).default([]),
  /** A ZIP of the code sent with the first message (the code is then told, too). */
  attachment: codeArchiveSchema.optional(),
});
export type EvaluationCase = z.infer<typeof evaluationCaseSchema>;

/** An evaluation set: the development set in server/eval, or the held-out set of the same shape. */
export const evaluationSetSchema = z.object({ about: z.string().optional(), cases: z.array(evaluationCaseSchema).min(1) });
export type EvaluationSet = z.infer<typeof evaluationSetSchema>;
/** A set as written by hand: the fields with defaults may be left out. */
export type EvaluationSetInput = z.input<typeof evaluationSetSchema>;

/**
 * Reads and validates an evaluation set file (JSON of `evaluationSetSchema`).
 * @throws when the file is missing, not JSON, or not of the shape (the zod error names the field).
 */
export async function loadEvaluationSet(file: string): Promise<EvaluationSet> {
  return evaluationSetSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}
