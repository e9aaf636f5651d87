import { z } from 'zod';
import { AGENT_RECIPIENT_ID } from './common.ts';
import { messageSchema, proposalStatusSchema } from './messages.ts';
import { taskSchema, taskStatusSchema } from './tasks.ts';

const content = z.string().trim().min(1, 'content must not be blank').max(20_000, 'content must be at most 20000 characters');
const conversationId = z.string().uuid('conversationId must be a UUID');

/**
 * The job submission payload of docs/product.md "Entities", sent by a signed-in user to `POST /api/messages`: `content`
 * combines title, description and stack; `metadata.attachments` are URLs the upload call returned.
 */
export const jobSubmissionSchema = z.object({
  type: z.literal('direct', { error: 'type must be "direct"' }).default('direct'),
  recipientId: z.literal(AGENT_RECIPIENT_ID, { error: `recipientId must be "${AGENT_RECIPIENT_ID}"` }),
  content,
  metadata: z.object({
    jobTitle: z.string().trim().min(1, 'metadata.jobTitle must not be blank').max(200, 'metadata.jobTitle must be at most 200 characters'),
    techStack: z.string().trim().max(500, 'metadata.techStack must be at most 500 characters').default(''),
    attachments: z.array(z.string().max(2000)).max(10, 'at most 10 attachments').default([]),
  }),
});
export type JobSubmission = z.infer<typeof jobSubmissionSchema>;

/**
 * `followUp`: an agent message answers the person's newest unanswered message, once; with nothing
 * left to answer it is refused as already answered unless the agent means to add to its answer
 * (docs/decisions/027-one-reply-per-message.md).
 */
const followUp = z
  .boolean()
  .default(false)
  .describe(
    'Send although the latest message is already answered (a second message after your reply). Default false: refused as already answered.',
  );

/**
 * A third-party agent's message (docs/product.md "Calls" agent REST `POST /api/messages` with `x-agent-key`, and
 * the MCP tool `send_message`): it is sent as the key's agent into a conversation addressed to it,
 * named by `conversationId` (or `metadata.conversationId`); without one, into the latest
 * conversation of `recipientId` (the person, by the id the agent is shown: a user's id or a guest's
 * participant id) with this agent. `recipientId`, when given, must be the conversation's owner.
 */
export const agentMessageSchema = z.object({
  content,
  conversationId: conversationId.optional(),
  recipientId: z.string().min(1).max(200).optional(),
  type: z.literal('direct', { error: 'type must be "direct"' }).default('direct'),
  metadata: z.record(z.string(), z.unknown()).default({}),
  followUp,
});
export type AgentMessage = z.infer<typeof agentMessageSchema>;

/** Answer of `POST /api/messages` for both callers: the stored message and its conversation. */
export const postMessageResponseSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  task_id: z.string().optional(),
});
export type PostMessageResponse = z.infer<typeof postMessageResponseSchema>;

/** MCP tool `list_conversations`: conversations addressed to the agent; `waitingOnly` keeps those owing an answer. */
export const listAgentConversationsInputSchema = z.object({
  waitingOnly: z.boolean().default(true).describe('Only conversations whose last message waits for this agent'),
  limit: z.number().int().min(1).max(100).default(20),
});

/** MCP tool `read_conversation`. */
export const readAgentConversationInputSchema = z.object({ conversationId });

/** MCP tool `update_task`: the brief fields an agent keeps up to date (docs/product.md "Entities" Task), and the status. */
export const updateAgentTaskInputSchema = z.object({
  conversationId,
  diagnosis: z.string().max(20_000).optional(),
  clarifiedScope: z.string().max(20_000).optional(),
  jobSummaryForEngineer: z.string().max(20_000).optional(),
  // Acceptance is the customer's (proposal accept), the work states are the experts'.
  status: taskStatusSchema.exclude(['ACCEPTED', 'IN_PROGRESS', 'DONE']).optional(),
});
export type UpdateAgentTaskInput = z.infer<typeof updateAgentTaskInputSchema>;

/** MCP tool `send_proposal`: a proposal the customer can accept or ask to modify (docs/product.md "Proposal"). */
export const sendAgentProposalInputSchema = z.object({ conversationId, content, followUp });

/**
 * MCP tool `claim_conversation`: the agent takes the conversation over before it answers, so that
 * agent-1's built-in brain (AGENT_MODE=builtin) leaves it alone; sending a message claims it too.
 */
export const claimAgentConversationInputSchema = z.object({ conversationId });

/** What `claim_conversation` answers: the claim, whichever of this agent's keys made it first. */
export const agentClaimSchema = z.object({ conversation_id: z.string(), claimed_at: z.string() });

/** A task's brief as the agent tools show it (`read_conversation`, `update_task`). */
export const agentTaskBriefSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  status: taskStatusSchema,
  diagnosis: z.string().nullable(),
  clarifiedScope: z.string().nullable(),
  jobSummaryForEngineer: z.string().nullable(),
  proposalMessageId: z.string().nullable(),
  proposalStatus: proposalStatusSchema.nullable(),
  proposalVersion: taskSchema.shape.proposalVersion,
});
export type AgentTaskBrief = z.infer<typeof agentTaskBriefSchema>;

/** What `read_conversation` answers: the messages oldest first, staff notes kept. */
export const agentConversationReadSchema = z.object({
  conversation_id: z.string(),
  waiting: z.boolean(),
  task: agentTaskBriefSchema,
  messages: z.array(messageSchema),
});

/**
 * A conversation as the MCP tools list it for an agent. `owner_id` is the person: a signed-in user's
 * id, or a guest's participant id (`participant-…`), never the guest's own id, which is its credential.
 */
export const agentConversationSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  owner_id: z.string(),
  last_message_at: z.string(),
  waiting: z.boolean(),
  task: z.object({ id: z.string(), status: taskStatusSchema, proposalStatus: z.string().nullable() }).nullable(),
});
export type AgentConversation = z.infer<typeof agentConversationSchema>;

/** What `list_conversations` answers as structured content (an MCP tool result is an object). */
export const agentConversationListSchema = z.object({ conversations: z.array(agentConversationSchema) });

/**
 * The MCP tools of the message-tool server (docs/product.md "Calls"): the spec's `send_message` and what
 * an agent needs to do agent-1's whole job from outside. The server validates tool input with these
 * schemas and lists them (as JSON Schema) in `tools/list`; the documentation page shows the same.
 */
export const MCP_TOOLS = {
  send_message: {
    description:
      'Send a message as your agent into a conversation addressed to you (spec: content, recipientId, type, metadata). Name it with conversationId (or metadata.conversationId), or give recipientId (the person, as owner_id shows them) to use their latest conversation with you. It answers the newest unanswered message, once: when there is none it is refused as already answered unless followUp is true.',
    input: agentMessageSchema,
    output: postMessageResponseSchema,
  },
  list_conversations: {
    description: 'List conversations addressed to you, most recent first; by default only those waiting for your answer.',
    input: listAgentConversationsInputSchema,
    output: agentConversationListSchema,
  },
  read_conversation: {
    description: "Read a conversation's messages (oldest first, staff notes included) and its task's brief.",
    input: readAgentConversationInputSchema,
    output: agentConversationReadSchema,
  },
  update_task: {
    description:
      "Update the conversation's task: diagnosis, clarifiedScope, jobSummaryForEngineer and status (not the accepted or expert states).",
    input: updateAgentTaskInputSchema,
    output: agentTaskBriefSchema,
  },
  send_proposal: {
    description:
      'Send a proposal (estimate, scope, next steps) the person can accept or ask to modify; the message and the task are marked as agent-1 marks its own.',
    input: sendAgentProposalInputSchema,
    output: postMessageResponseSchema,
  },
  claim_conversation: {
    description:
      "Take a conversation over before you answer it: agent-1's built-in brain then leaves it to you (sending a message claims it too). Idempotent.",
    input: claimAgentConversationInputSchema,
    output: agentClaimSchema,
  },
} as const;
export type McpToolName = keyof typeof MCP_TOOLS;
