import { z } from 'zod';

/**
 * The kinds of software work agent-1 tells apart; they decide its questions and the size
 * of its estimate. `unclear` is a request too vague to classify yet.
 */
export const requestTypeSchema = z.enum([
  'bug_fix',
  'new_build',
  'feature',
  'integration',
  'upgrade_migration',
  'performance',
  'security_review',
  'infrastructure',
  'testing',
  'automation',
  'unclear',
]);
export type RequestType = z.infer<typeof requestTypeSchema>;

/**
 * What agent-1 understood of a request, in its own words: the kind of work, the technologies of the
 * person's project under their usual names, and the AI tools the person used or mentions (Cursor,
 * Lovable, ChatGPT as a helper...), which are context, never part of the stack.
 */
export const requestReadingSchema = z.object({
  requestType: requestTypeSchema,
  stack: z.array(z.string()),
  aiTools: z.array(z.string()),
});
export type RequestReading = z.infer<typeof requestReadingSchema>;

/** An estimate in whole hours and in the configured currency (prices = hours × the hourly rate). */
export const workEstimateSchema = z.object({
  hoursLow: z.number().int().nonnegative(),
  hoursHigh: z.number().int().nonnegative(),
  priceLow: z.number().nonnegative(),
  priceHigh: z.number().nonnegative(),
  currency: z.string().length(3),
});
export type WorkEstimate = z.infer<typeof workEstimateSchema>;

/**
 * The `intake` entry of an agent message's metadata: the agent's reading of the request at that turn
 * and, on a proposal, its estimate. Clients may show it; nothing in it is for staff only.
 */
export const agentIntakeMetadataSchema = z.object({
  request_type: requestTypeSchema,
  stack: z.array(z.string()),
  ai_tools: z.array(z.string()),
  estimate: workEstimateSchema.optional(),
});
export type AgentIntakeMetadata = z.infer<typeof agentIntakeMetadataSchema>;

/**
 * What a proposal changed against the task's previous one (docs/decisions/030-proposal-versions.md):
 * the lines of its Scope section that are new or gone (each in its version's order, compared as
 * written after trimming), and the estimate before → after when it differs (either side null when
 * that version gave none). Computed by the server once, when the proposal is stored.
 */
export const proposalChangesSchema = z.object({
  scope_added: z.array(z.string()),
  scope_removed: z.array(z.string()),
  estimate: z.object({ before: workEstimateSchema.nullable(), after: workEstimateSchema.nullable() }).nullable(),
});
export type ProposalChanges = z.infer<typeof proposalChangesSchema>;

/** A proposal's version within its task: 1 for the first, then one more for each revised proposal. */
export const proposalVersionSchema = z.number().int().positive();
