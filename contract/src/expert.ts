import { z } from 'zod';
import { taskStatusSchema } from './tasks.ts';

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
  conversationId: z.string(),
  customerName: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  assignedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type ExpertTask = z.infer<typeof expertTaskSchema>;

/** `GET /api/expert/tasks`: accepted, in-progress and done tasks, oldest acceptance first. */
export const expertTaskListSchema = z.object({ tasks: z.array(expertTaskSchema) });

/** `{id}` of the expert task calls. */
export const expertTaskParamsSchema = z.object({ id: z.string().uuid('id must be a UUID') });

/** Body of `POST /api/expert/tasks/{id}/messages`: the expert's reply, markdown. */
export const expertReplyRequestSchema = z.object({
  content: z
    .string({ error: 'content is required' })
    .trim()
    .min(1, 'content must not be blank')
    .max(20_000, 'content must be at most 20000 characters'),
});
