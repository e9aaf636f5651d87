import { z } from 'zod';
import { proposalVersionSchema } from './intake.ts';

/** Proposal status values (docs/product.md "Proposal"). */
export const proposalStatusSchema = z.enum(['pending', 'accepted', 'modification_requested']);
export type ProposalStatus = z.infer<typeof proposalStatusSchema>;

/**
 * Task status values seen in docs/product.md "Entities", then the expert hand-off's own
 * (docs/decisions/069-task-status-event-lines.md): an expert took the accepted task (IN_PROGRESS), waits for
 * the customer's answer (WAITING_ON_CUSTOMER) and finished it (DONE). The UI gives unknown values a
 * neutral badge.
 */
export const taskStatusSchema = z.enum([
  'PENDING_QUOTE',
  'PENDING_CLARIFICATION',
  'PENDING_ACCEPTANCE',
  'ACCEPTED',
  'IN_PROGRESS',
  'WAITING_ON_CUSTOMER',
  'DONE',
]);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** Task.code_analysis of docs/product.md "Entities": file count, line count, main languages. */
export const codeAnalysisSchema = z.object({
  file_count: z.number().int(),
  line_count: z.number().int(),
  main_languages: z.union([z.array(z.string()), z.string()]),
});

/**
 * Where a task's code analysis stands (docs/decisions/025-code-analysis-jobs.md): `pending` while code
 * that came in (a ZIP, a push) waits for or is in analysis, `ready` when `code_analysis` holds its
 * figures, `failed` when it gave none (`code_analysis_failure` says why); null when no code came in.
 */
export const codeAnalysisStateSchema = z.enum(['pending', 'ready', 'failed']);

/** The Task entity with every field of docs/product.md "Entities". */
export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: taskStatusSchema,
  createdAt: z.string(),
  userId: z.string(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  conversationId: z.string(),
  endUserAcceptedTask: z.boolean(),
  diagnosis: z.string().nullable(),
  clarifiedScope: z.string().nullable(),
  jobSummaryForEngineer: z.string().nullable(),
  proposalMessageId: z.string().nullable(),
  proposalContent: z.string().nullable(),
  proposalStatus: proposalStatusSchema.nullable(),
  proposalAcceptedAt: z.string().nullable(),
  /** The current proposal's version, the accepted one once accepted (docs/decisions/030-proposal-versions.md). */
  proposalVersion: proposalVersionSchema.nullable(),
  adminNotes: z.string().nullable(),
  github_repository: z.object({ url: z.string(), name: z.string(), created_at: z.string() }).nullable(),
  code_analysis: codeAnalysisSchema.nullable(),
  code_analysis_state: codeAnalysisStateSchema.nullable(),
  code_analysis_failure: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * The task fields agent-1 keeps up to date on every turn (docs/product.md "Entities" Task): both brains fill them, and
 * the LLM brain's structured output is validated against this schema.
 */
export const taskBriefSchema = taskSchema.pick({
  title: true,
  description: true,
  diagnosis: true,
  clarifiedScope: true,
  jobSummaryForEngineer: true,
});
export type TaskBrief = z.infer<typeof taskBriefSchema>;
export type CodeAnalysis = z.infer<typeof codeAnalysisSchema>;
export type CodeAnalysisState = z.infer<typeof codeAnalysisStateSchema>;
