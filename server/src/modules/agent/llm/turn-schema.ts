import { z } from 'zod';
import { requestReadingSchema, taskBriefSchema } from '@unstuck/contract';

// What the model must answer with. Every field is required and "absent" is spelled null, because
// OpenAI-style strict JSON schema mode rejects optional properties. The brief and the reading are the
// contract's own schemas, so the model fills the same task fields as the offline intake agent and an
// answer that does not fit them fails validation (the job queue then retries). No length or range
// limits live here: a slightly-off answer (a 90-character title, hours in the wrong order) is repaired
// by the guard rails instead of failing the whole turn.

/** The structured answer requested from the model on every turn. */
export const modelTurnSchema = z.object({
  kind: z.enum(['question', 'proposal']).describe('"question" to ask for details, "proposal" to propose the work.'),
  content: z.string().describe('The markdown message shown to the person.'),
  staffNotes: z.string().describe('Notes only staff see (reasoning, risks, oddities); empty string when none.'),
  brief: taskBriefSchema.describe(
    'The task fields for the human experts: title (at most 80 characters, your own words), description (the person’s messages), diagnosis, clarifiedScope, jobSummaryForEngineer.',
  ),
  reading: requestReadingSchema.describe(
    'What you understood: requestType; stack = technologies of the person’s project by their usual names (never the AI tools); aiTools = AI builders or assistants the person used or mentions.',
  ),
  estimate: z
    .object({
      hoursLow: z.number().describe('Low end of the effort in hours.'),
      hoursHigh: z.number().describe('High end of the effort in hours.'),
    })
    .nullable()
    .describe('For a proposal: the effort range in hours. null for a question.'),
});

/** A model answer after schema validation, before the guard rails. */
export type ModelTurn = z.infer<typeof modelTurnSchema>;
