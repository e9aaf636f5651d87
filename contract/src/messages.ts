import { z } from 'zod';
import { AGENT_RECIPIENT_ID, EXPERT_TEAM_RECIPIENT_ID } from './common.ts';
import { agentIntakeMetadataSchema, proposalChangesSchema, proposalVersionSchema } from './intake.ts';
import { proposalStatusSchema, taskStatusSchema } from './tasks.ts';

/** One stored attachment of a message (docs/product.md "Entities", admin view: url, file_name, size in bytes). */
export const attachmentSchema = z.object({
  url: z.string(),
  file_name: z.string(),
  size: z.number().int().nonnegative(),
  content_type: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** What kind of agent turn a message is; absent for user messages and third-party agents. */
export const agentMessageKindSchema = z.enum(['question', 'proposal']);
export type AgentMessageKind = z.infer<typeof agentMessageKindSchema>;

// Defined beside the task (which reads it) so that this module can read the task's statuses.
export { proposalStatusSchema, type ProposalStatus } from './tasks.ts';

/**
 * What changed in a task handed to the experts (docs/decisions/069-task-status-event-lines.md): each change is
 * stored as an event line in the customer's conversation and shown on the dashboard's job card.
 */
export const taskEventKindSchema = z.enum([
  /** An expert took the task, or an admin gave it to one. */
  'assigned',
  /** An admin gave the task to another expert. */
  'reassigned',
  /** An admin put the task back in the queue. */
  'unassigned',
  /** The expert is working on it again (after waiting on the customer). */
  'in_progress',
  /** The expert waits for the customer's answer. */
  'waiting_on_customer',
  /** The customer answered while the expert waited on them: back in progress. */
  'answered',
  /** The expert marked the task done. */
  'done',
  /** The customer confirmed the work is done. */
  'confirmed',
  /** The customer reopened the done task. */
  'reopened',
  /** The customer rated the work. */
  'rated',
  /** A payment arrived, was waived or refunded (docs/decisions/093-payments.md); the line says which and how much. */
  'payment',
]);
export type TaskEventKind = z.infer<typeof taskEventKindSchema>;

/**
 * `metadata.event` of an event line (a message with `sender_role` `system`, `type` `event`): its
 * content is the line as shown ("Eve, human expert, took your task"); this says what it means.
 * Names people by display name only: no ids.
 */
export const taskEventSchema = z.object({
  kind: taskEventKindSchema,
  /** The task's status after the change. */
  status: taskStatusSchema,
  /** The expert concerned (the one who took it, was given it, marked it done), when there is one. */
  expert_name: z.string().nullable(),
  /** The score of a `rated` event (1–5); null otherwise. */
  score: z.number().int().min(1).max(5).nullable(),
});
export type TaskEvent = z.infer<typeof taskEventSchema>;

export const messageMetadataSchema = z
  .object({
    kind: agentMessageKindSchema.optional(),
    proposal_status: proposalStatusSchema.optional(),
    intake: agentIntakeMetadataSchema.optional(),
    /** On a proposal: its version within the task (docs/decisions/030-proposal-versions.md). */
    proposal_version: proposalVersionSchema.optional(),
    /** On a proposal from version 2 on: what changed against the previous version. */
    proposal_changes: proposalChangesSchema.optional(),
    event: taskEventSchema.optional(),
  })
  .catchall(z.unknown());
export type MessageMetadata = z.infer<typeof messageMetadataSchema>;

/**
 * The multipart fields of `POST /api/v2/messages` (docs/product.md "Calls"). The optional `file` part is read
 * separately by the upload handler. `recipientId` is `agent-1` (docs/product.md "Calls") or, in a conversation handed
 * to the experts, `experts`; the server routes by the task's status, not by this field: after
 * acceptance every message goes to the expert holding the task, or to the expert queue
 * (docs/decisions/026-the-human-half.md).
 */
export const sendMessageFieldsSchema = z.object({
  content: z.string().max(20_000, 'content must be at most 20000 characters').default(''),
  type: z.literal('direct', { error: 'type must be "direct"' }).default('direct'),
  recipientId: z.enum([AGENT_RECIPIENT_ID, EXPERT_TEAM_RECIPIENT_ID], {
    error: `recipientId must be "${AGENT_RECIPIENT_ID}" or "${EXPERT_TEAM_RECIPIENT_ID}"`,
  }),
  conversationId: z.string().uuid('conversationId must be a UUID').optional(),
});
export type SendMessageFields = z.infer<typeof sendMessageFieldsSchema>;

/**
 * The optional `Idempotency-Key` header of `POST /api/v2/messages` (after the IETF httpapi draft
 * "The Idempotency-Key HTTP Header Field"): one key per message the client means to send, reused for
 * its retries. Visible ASCII so it is safe in logs and the database; a UUID is the usual choice.
 */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID, for example)');

/** Answer of `POST /api/v2/messages` (docs/product.md "Calls": id, conversation_id, attachment_url). */
export const sendMessageResponseSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  attachment_url: z.string().optional(),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/**
 * Who wrote a message: the person, an agent (ids starting `agent-`, docs/product.md "Entities" senderType), a human
 * expert replying in the conversation after the hand-off, or `system` for an event line (a task's
 * status change, `metadata.event`; docs/decisions/069-task-status-event-lines.md).
 */
export const senderRoleSchema = z.enum(['user', 'agent', 'expert', 'system']);
export type SenderRole = z.infer<typeof senderRoleSchema>;

/** A message as `GET /api/v2/conversations/{id}/messages` returns it (docs/product.md "Entities" "as read from the server"). */
export const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string(),
  recipient_id: z.string(),
  sender_role: senderRoleSchema,
  /** The expert's display name on an expert's message; null otherwise. */
  sender_name: z.string().nullable(),
  content: z.string(),
  type: z.string(),
  read: z.boolean(),
  moderationStatus: z.string(),
  created_at: z.string(),
  attachments: z.array(attachmentSchema),
  metadata: messageMetadataSchema,
  reply_to_message_id: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListSchema = z.array(messageSchema);

/**
 * The data of a `message_draft` event on a conversation's event stream: the agent's next message as
 * it is being written (docs/decisions/018-streamed-replies.md). `content` is the whole text so far
 * (markdown, what the person will see; never staff notes) and replaces the previous draft; an empty
 * `content` means the draft is gone without a message (the attempt failed and will be retried). Not
 * stored: the final message comes as a `message` event and replaces the draft.
 */
export const messageDraftSchema = z.object({
  /** The person's message the draft answers; null for the question after "Let's modify it". */
  reply_to: z.string().nullable(),
  content: z.string(),
});
export type MessageDraft = z.infer<typeof messageDraftSchema>;

export const conversationParamsSchema = z.object({
  conversationId: z.string().uuid('conversationId must be a UUID'),
});

/** A conversation as lists show it (docs/product.md "Conversation"): debug diagnostics and the admin area. */
export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  message_count: z.number().int().nonnegative(),
  participants: z.array(z.string()),
  last_message_at: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
