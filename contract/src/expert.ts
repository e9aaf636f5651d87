import { z } from 'zod';
import { proposalVersionSchema, workEstimateSchema } from './intake.ts';
import { messageListSchema } from './messages.ts';
import { taskStatusSchema } from './tasks.ts';
import { taskPaymentSchema } from './payments.ts';

/** What the server answers (403) to an expert-queue call by someone who is neither expert nor admin. */
export const EXPERT_ACCESS_DENIED = 'Access denied: Expert or admin privileges required';

/**
 * An accepted task as the expert queue shows it (the hand-off to a human expert, beyond the spec):
 * the brief the agent prepared, the customer's display name, and who took it when.
 */
export const expertTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: taskStatusSchema,
  createdAt: z.string(),
  description: z.string(),
  clarifiedScope: z.string().nullable(),
  jobSummaryForEngineer: z.string().nullable(),
  proposalContent: z.string().nullable(),
  proposalAcceptedAt: z.string().nullable(),
  /** The accepted proposal's version (docs/decisions/030-proposal-versions.md). */
  proposalVersion: proposalVersionSchema.nullable(),
  /** The accepted proposal's estimate (its price range and hours), as the customer accepted it; null when it gave none. */
  estimate: workEstimateSchema.nullable(),
  /** The customer's budget in their own words (e.g. "$1,500"); null when they stated none. */
  budget: z.string().nullable(),
  /** The customer's deadline in their own words, "(urgent)" added when they said so; null when none. */
  deadline: z.string().nullable(),
  conversationId: z.string(),
  customerName: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  assignedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The stack agent-1 recorded for the task (its latest `metadata.intake.stack`). */
  stack: z.array(z.string()),
  /** The caller's profile skills that meet the task's stack (case- and alias-insensitive, decision 068). */
  matchedSkills: z.array(z.string()),
  /** Whether the caller may read and write the conversation: they hold the task, or they are an admin. */
  canReadConversation: z.boolean(),
  /** The customer's messages the caller has not read; 0 unless the caller holds the task. */
  unreadCount: z.number().int().nonnegative(),
  /** When the customer confirmed the done work; null before (or after a reopen). */
  confirmedAt: z.string().nullable(),
  /** The customer's rating of the done work, when given. */
  rating: z.object({ score: z.number().int().min(1).max(5), comment: z.string().nullable() }).nullable(),
  /** The task's payment plan (docs/decisions/093-payments.md); null when payments are off or the task has none. */
  payment: taskPaymentSchema.nullable(),
});
export type ExpertTask = z.infer<typeof expertTaskSchema>;

/**
 * `GET /api/expert/tasks`: the expert workspace (docs/decisions/070-expert-workspace.md), each section
 * the earliest accepted first. `matched`: nobody holds it and its stack meets the caller's skills;
 * `unassigned`: nobody holds it and it does not match; `mine`: the caller holds it and it is not done;
 * `done`: done tasks the caller held (every done task for an admin). `unreadTotal` sums the
 * `unreadCount`s of `mine` (the queue's badge).
 */
export const expertWorkspaceSchema = z.object({
  matched: z.array(expertTaskSchema),
  unassigned: z.array(expertTaskSchema),
  mine: z.array(expertTaskSchema),
  done: z.array(expertTaskSchema),
  unreadTotal: z.number().int().nonnegative(),
});
export type ExpertWorkspace = z.infer<typeof expertWorkspaceSchema>;

/**
 * The task's repository as the expert workspace shows it: its name and host for everyone, its URL
 * only for the expert holding the task and admins (who get push credentials from
 * `POST /api/expert/tasks/{id}/repository/credentials`).
 */
export const expertTaskRepositorySchema = z.object({
  name: z.string(),
  createdAt: z.string(),
  url: z.string().nullable(),
});
export type ExpertTaskRepository = z.infer<typeof expertTaskRepositorySchema>;

/**
 * `GET /api/expert/tasks/{id}`: one task with its brief (the fields above), its repository and, for
 * the expert holding it and admins only, its conversation (`messages`, null for anyone else: another
 * expert sees the brief until they take the task). Reading it as the holder marks the customer's
 * messages read.
 */
export const expertTaskDetailSchema = expertTaskSchema.extend({
  diagnosis: z.string().nullable(),
  repository: expertTaskRepositorySchema.nullable(),
  messages: messageListSchema.nullable(),
});
export type ExpertTaskDetail = z.infer<typeof expertTaskDetailSchema>;

/**
 * Body of `POST /api/expert/tasks/{id}/status`: the expert holding the task says where it stands.
 * DONE is the same as `POST /api/expert/tasks/{id}/done`.
 */
export const expertStatusRequestSchema = z.object({
  status: z.enum(['IN_PROGRESS', 'WAITING_ON_CUSTOMER', 'DONE'], {
    error: 'status must be IN_PROGRESS, WAITING_ON_CUSTOMER or DONE',
  }),
  /** With DONE while payments are on: the whole hours worked, which set the balance (docs/decisions/093-payments.md). */
  hours: z
    .number({ error: 'hours must be a whole number of hours' })
    .int('hours must be a whole number of hours')
    .min(0)
    .max(10_000)
    .optional(),
});
export type ExpertStatusRequest = z.infer<typeof expertStatusRequestSchema>;

/** `{id}` of the expert task calls. */
export const expertTaskParamsSchema = z.object({ id: z.string().uuid('id must be a UUID') });

/**
 * Fields of `POST /api/expert/tasks/{id}/messages`: the expert's reply, Markdown; blank only when
 * files come with it (a multipart form like the customer's send, `file` parts).
 */
export const expertReplyRequestSchema = z.object({
  content: z.string().trim().max(20_000, 'content must be at most 20000 characters').default(''),
});
