import { z } from 'zod';
import { proposalVersionSchema } from './intake.ts';
import { proposalStatusSchema } from './messages.ts';
import { taskStatusSchema } from './tasks.ts';

export const proposalParamsSchema = z.object({ messageId: z.string().uuid('messageId must be a UUID') });

/** Answer of `POST /api/v2/proposals/{messageId}/accept` and `/modify` (shape not given by the spec). */
export const proposalActionResponseSchema = z.object({
  message_id: z.string(),
  task_id: z.string(),
  status: taskStatusSchema,
  proposalStatus: proposalStatusSchema,
  proposalAcceptedAt: z.string().nullable(),
  /** The version acted on (docs/decisions/030-proposal-versions.md). */
  proposalVersion: proposalVersionSchema,
  /**
   * Accept only: the caller's address the acceptance email was just queued to (it leaves this server,
   * SMTP_URL), so the thank-you modal may say so; null when no email goes (none configured, no address,
   * emails turned off, the proposal was already accepted) and for modify.
   */
  confirmationEmailTo: z.string().nullable(),
});
export type ProposalActionResponse = z.infer<typeof proposalActionResponseSchema>;
