import { z } from 'zod';
import { attachmentSchema, senderRoleSchema } from './messages.ts';
import { codeAnalysisSchema, codeAnalysisStateSchema, taskStatusSchema } from './tasks.ts';

/**
 * The task as its public share page shows it (docs/product.md "Shared task page"): nothing that names the
 * customer (no user id, name or email: a guest's id is its session credential), no admin notes.
 */
export const sharedTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: taskStatusSchema,
  createdAt: z.string(),
  endUserAcceptedTask: z.boolean(),
  description: z.string(),
  clarifiedScope: z.string().nullable(),
  jobSummaryForEngineer: z.string().nullable(),
  code_analysis: codeAnalysisSchema.nullable(),
  code_analysis_state: codeAnalysisStateSchema.nullable(),
  code_analysis_failure: z.string().nullable(),
});
export type SharedTask = z.infer<typeof sharedTaskSchema>;

/**
 * A message of the shared conversation, as the public page shows it: an allowlist. The sender is named
 * only by role (`sender_id` is `user`, `expert` or an `agent-` id); content is what the customer saw
 * (no staff notes); attachment URLs go through the link. Nothing else a stored message carries (its
 * metadata, recipient, read state, expert's name, what it replies to) is served: a field that is not
 * listed here is stripped from the answer.
 */
export const sharedMessageSchema = z.object({
  id: z.string(),
  sender_id: z.string(),
  sender_role: senderRoleSchema,
  content: z.string(),
  created_at: z.string(),
  attachments: z.array(attachmentSchema),
});
export type SharedMessage = z.infer<typeof sharedMessageSchema>;

/**
 * `GET /api/task-share/{shareToken}` (docs/product.md "Entities" "Share response"). `client.reference_id` is a stable
 * pseudonym of the customer; `task_type` the kind of work (null until the agent classified it).
 */
export const shareResponseSchema = z.object({
  task: sharedTaskSchema,
  client: z.object({ reference_id: z.string(), task_type: z.string().nullable() }),
  conversation_messages: z.array(sharedMessageSchema),
  share_info: z.object({ created_at: z.string(), expires_at: z.string() }),
});
export type ShareResponse = z.infer<typeof shareResponseSchema>;

/** `{shareToken}` of the public share calls. Its format is checked by the service (a bad one is a 404). */
export const shareTokenParamsSchema = z.object({ shareToken: z.string().max(200) });

/** Body of `POST /api/task-share/{shareToken}/request-access` (docs/product.md "Entities" "Access request payload"). */
export const accessRequestBodySchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(200, 'name must be at most 200 characters'),
  email: z.email('email must be an email address').max(320),
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, 'message is required')
    .max(5000, 'message must be at most 5000 characters'),
});
export type AccessRequestBody = z.infer<typeof accessRequestBodySchema>;

/** Its answer: "Success is an ok answer" (docs/product.md "Calls"). */
export const accessRequestResponseSchema = z.object({ status: z.literal('ok') });
