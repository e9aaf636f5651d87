import { z } from 'zod';

// What the model must answer with. Every field is required and "absent" is spelled null, because
// OpenAI-style strict JSON schema mode rejects optional properties. No length or range limits live
// here: a slightly-off answer (a 90-character title, hours in the wrong order) is repaired by the
// guard rails instead of failing the whole turn on validation.

const briefSchema = z.object({
  title: z.string().describe('A short title of the task, at most 80 characters.'),
  description: z.string().describe("The person's request in their own words, joined (not your questions)."),
  diagnosis: z.string().nullable().describe('What you think the problem or goal is; null until you know it.'),
  clarifiedScope: z.string().nullable().describe('The agreed scope as a short markdown list; null until you send a proposal.'),
  jobSummaryForEngineer: z
    .string()
    .nullable()
    .describe('Hand-over for the engineer: goal, stack, deadline, budget, links, files, open points; null until the goal is known.'),
});

/** The structured answer requested from the model on every turn. */
export const modelTurnSchema = z.object({
  kind: z.enum(['question', 'proposal']).describe('"question" to ask for details, "proposal" to propose the work.'),
  content: z.string().describe('The markdown message shown to the person.'),
  staffNotes: z.string().describe('Notes only staff see (reasoning, risks, oddities); empty string when none.'),
  brief: briefSchema,
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
