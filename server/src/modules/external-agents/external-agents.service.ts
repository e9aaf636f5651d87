import {
  type AgentConversation,
  type AgentMessage,
  type AgentTaskBrief,
  type MessageMetadata,
  type PostMessageResponse,
  type UpdateAgentTaskInput,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { storeAgentReply } from '../agent/agent.service.ts';
import { findPendingTurn } from '../agent/pending-turn.ts';
import type { VerifiedAgent } from '../api-keys/api-keys.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { conversationNotFound } from '../chat/chat.errors.ts';
import {
  claimConversationForAgent,
  findAgentConversation,
  listAgentConversations,
  listConversationMessages,
} from '../chat/chat.service.ts';
import { isAgentId } from '../chat/message-view.ts';
import { viewMessagesAsStaff } from '../chat/staff-view.ts';
import { EXPERT_STATUSES, findTaskOfConversation, updateTaskBrief, type TaskRow } from '../tasks/tasks.service.ts';
import { loadPublicIds, publicIdOf, resolvePublicId } from '../users/participant-ids.ts';
import {
  alreadyAnswered,
  conversationNotNamed,
  conversationWithExperts,
  notAnAgentId,
  nothingToUpdate,
  recipientNotOwner,
  taskWithExperts,
} from './external-agents.errors.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Metadata keys only the server sets: an agent cannot mark its own message an accepted proposal, nor
 * give it a version or changes (docs/decisions/030-proposal-versions.md).
 */
const RESERVED_METADATA = new Set(['kind', 'proposal_status', 'intake', 'proposal_version', 'proposal_changes']);

/**
 * Runs one call of an external agent (an MCP tool or the agent REST call) and writes it to the
 * audit log with its outcome, whether it succeeded or not (every tool call is audited).
 * @param target what the call is about: a conversation, else the agent's key.
 * @returns what `run` returns; rethrows what it throws.
 */
export async function auditedAgentCall<T>(
  deps: Deps,
  agent: VerifiedAgent,
  call: { tool: string; conversationId?: string; transport: 'sse' | 'streamable-http' | 'rest' },
  run: () => Promise<T>,
): Promise<T> {
  let outcome = 'ok';
  try {
    return await run();
  } catch (error) {
    outcome = error instanceof AppError ? `${error.statusCode} ${error.detail}` : 'internal error';
    throw error;
  } finally {
    await recordAudit(
      deps.db,
      { id: agent.agentId, email: null },
      {
        action: `agent.${call.tool}`,
        targetType: call.conversationId ? 'conversation' : 'api_key',
        targetId: call.conversationId ?? agent.keyId,
        details: { keyId: agent.keyId, agentName: agent.agentName, transport: call.transport, outcome },
      },
      deps.clock.now(),
    );
  }
}

/**
 * The conversations addressed to the agent, most recent first, each with whether it waits for the
 * agent (the person's latest message has no answer yet, or they asked to modify the latest proposal:
 * the rule agent-1 follows).
 */
export async function listConversationsForAgent(
  deps: Deps,
  agent: VerifiedAgent,
  options: { waitingOnly: boolean; limit: number },
): Promise<AgentConversation[]> {
  // Waiting ones may be older than the newest `limit`: read a wider window, then cut.
  const rows = await listAgentConversations(deps.db, agent.agentId, { limit: options.waitingOnly ? 500 : options.limit });
  // A guest owner is named by its participant id: its guest id is its credential.
  const publicIds = await loadPublicIds(
    deps.db,
    rows.map((conversation) => conversation.ownerId),
  );
  const result: AgentConversation[] = [];
  for (const conversation of rows) {
    if (result.length >= options.limit) break;
    const task = await findTaskOfConversation(deps.db, conversation.id);
    const waiting = task ? await waitsForAgent(deps, task) : false;
    if (options.waitingOnly && !waiting) continue;
    result.push({
      id: conversation.id,
      title: conversation.title,
      owner_id: publicIds(conversation.ownerId),
      last_message_at: conversation.lastMessageAt.toISOString(),
      waiting,
      task: task ? { id: task.id, status: task.status, proposalStatus: task.proposalStatus } : null,
    });
  }
  return result;
}

/**
 * A conversation addressed to the agent: its messages as staff see them (agent staff notes kept)
 * and its task's brief.
 * @throws AppError 404 when unknown or not addressed to the agent (no difference shown).
 */
export async function readConversationForAgent(deps: Deps & Pick<AppDeps, 'fileUrls'>, agent: VerifiedAgent, conversationId: string) {
  const { task } = await addressedTask(deps, agent, conversationId);
  const rows = await listConversationMessages(deps.db, conversationId);
  return {
    conversation_id: conversationId,
    waiting: !isWithExperts(task) && findPendingTurn(rows, task) !== null,
    task: briefOf(task),
    // Signed links, so the agent can fetch the files it is shown; guests by their participant id.
    messages: await viewMessagesAsStaff(deps, conversationId, rows),
  };
}

/**
 * Stores the agent's message in a conversation addressed to it (docs/product.md "Calls" `send_message` and agent
 * REST), as the built-in agent stores its own: it answers the turn the person is waiting on, once.
 * @param input.recipientId the person: a user's id, or a guest's participant id (what the agent is
 *   shown; docs/decisions/021-participant-ids.md), never a guest id.
 * @throws AppError 400 no conversation named and none found for `recipientId`, or `recipientId` is
 *   not the conversation's owner; 404 conversation not addressed to the agent; 409 `already_answered`
 *   (nothing unanswered and no `followUp`, or another sender answered first), 409 the proposal was
 *   accepted (the conversation is with the experts).
 */
export async function sendMessageAsAgent(deps: Deps, agent: VerifiedAgent, input: AgentMessage): Promise<PostMessageResponse> {
  const conversationId = await resolveConversation(deps, agent, input);
  const { conversation, task } = await addressedTask(deps, agent, conversationId);
  if (input.recipientId && input.recipientId !== (await publicIdOf(deps.db, conversation.ownerId))) {
    throw recipientNotOwner();
  }
  const metadata = Object.fromEntries(Object.entries(input.metadata).filter(([key]) => !RESERVED_METADATA.has(key))) as MessageMetadata;
  return storeReply(deps, agent, task, { content: input.content, metadata, proposal: false, followUp: input.followUp });
}

/**
 * Sends a proposal (docs/product.md "Proposal"): the message is marked `kind: proposal`, `proposal_status:
 * pending`, and the task PENDING_ACCEPTANCE with the proposal's id and text, as agent-1 does.
 * @throws AppError 404 conversation not addressed to the agent; 409 the task is already with the
 *   experts, or `already_answered` as {@link sendMessageAsAgent}.
 */
export async function sendProposalAsAgent(
  deps: Deps,
  agent: VerifiedAgent,
  input: { conversationId: string; content: string; followUp: boolean },
): Promise<PostMessageResponse> {
  const { task } = await addressedTask(deps, agent, input.conversationId);
  return storeReply(deps, agent, task, { content: input.content, metadata: {}, proposal: true, followUp: input.followUp });
}

/**
 * Takes a conversation over for the agent (MCP `claim_conversation`): agent-1's built-in brain no
 * longer answers it (docs/decisions/073-agent-claims.md). Claiming twice is harmless.
 * @throws AppError 404 conversation not addressed to the agent; 403 an id that cannot write; 409 the
 *   conversation is with the experts.
 */
export async function claimConversationAsAgent(deps: Deps, agent: VerifiedAgent, conversationId: string) {
  if (!isAgentId(agent.agentId)) throw notAnAgentId();
  const { task } = await addressedTask(deps, agent, conversationId);
  if (isWithExperts(task)) throw conversationWithExperts();
  const claimedAt = await claimConversationForAgent(deps.db, conversationId, agent.keyId, deps.clock.now());
  return { conversation_id: conversationId, claimed_at: claimedAt.toISOString() };
}

/**
 * Updates the task's brief (diagnosis, clarifiedScope, jobSummaryForEngineer) and status.
 * @throws AppError 400 nothing to update; 404 not addressed to the agent; 409 the task is with the experts.
 */
export async function updateTaskAsAgent(deps: Deps, agent: VerifiedAgent, input: UpdateAgentTaskInput) {
  const { conversationId, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) throw nothingToUpdate();
  const { task } = await addressedTask(deps, agent, conversationId);
  const updated = await updateTaskBrief(deps.db, task.id, changes);
  if (!updated) throw taskWithExperts();
  return briefOf(updated);
}

/**
 * Stores an agent's message as the answer to the person's newest unanswered message, or, with
 * `followUp`, as an addition when everything is answered. Exactly one answer per message whatever
 * runs at once, on any instance: the answer carries the turn's key, unique in the database, so
 * concurrent senders who saw the same turn all insert one key and one insert wins; one who reads
 * after the winner committed finds nothing unanswered (decision 027). Sending claims the conversation.
 */
async function storeReply(
  deps: Deps,
  agent: VerifiedAgent,
  task: TaskRow,
  reply: { content: string; metadata: MessageMetadata; proposal: boolean; followUp: boolean },
): Promise<PostMessageResponse> {
  // Readers tell an agent's message by its sender id (docs/product.md "Entities" senderType).
  if (!isAgentId(agent.agentId)) throw notAnAgentId();
  // An accepted conversation is the human experts' (docs/product.md "Hand-off").
  if (isWithExperts(task)) throw conversationWithExperts();
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const pending = findPendingTurn(await listConversationMessages(tx, task.conversationId), task);
    if (!pending && !reply.followUp) return null;
    const stored = await storeAgentReply(
      tx,
      task,
      {
        senderId: agent.agentId,
        content: reply.content,
        metadata: reply.metadata,
        proposal: reply.proposal,
        replyToMessageId: pending?.replyTo?.id ?? null,
        // Answering the turn the person waits on claims it, so agent-1's worker does not answer it too.
        turnKey: pending?.turnKey ?? null,
        brief: {},
      },
      now,
    );
    if (stored) await claimConversationForAgent(tx, task.conversationId, agent.keyId, now);
    return stored;
  });
  if (!id) throw alreadyAnswered();
  return { id, conversation_id: task.conversationId, task_id: task.id };
}

async function resolveConversation(deps: Deps, agent: VerifiedAgent, input: AgentMessage): Promise<string> {
  const named = input.conversationId ?? input.metadata.conversationId;
  if (typeof named === 'string') return named;
  const ownerId = input.recipientId ? await resolvePublicId(deps.db, input.recipientId) : null;
  if (ownerId) {
    const [latest] = await listAgentConversations(deps.db, agent.agentId, { ownerId, limit: 1 });
    if (latest) return latest.id;
  }
  throw conversationNotNamed();
}

async function addressedTask(deps: Deps, agent: VerifiedAgent, conversationId: string) {
  const conversation = await findAgentConversation(deps.db, conversationId, agent.agentId).catch(() => null);
  const task = conversation ? await findTaskOfConversation(deps.db, conversationId) : null;
  if (!conversation || !task) throw conversationNotFound();
  return { conversation, task };
}

/** True once the proposal is accepted: the conversation is with the human experts. */
function isWithExperts(task: TaskRow): boolean {
  return (EXPERT_STATUSES as readonly string[]).includes(task.status);
}

/** Whether the conversation waits for its agent: something unanswered, and not yet with the experts. */
async function waitsForAgent(deps: Deps, task: TaskRow): Promise<boolean> {
  return !isWithExperts(task) && findPendingTurn(await listConversationMessages(deps.db, task.conversationId), task) !== null;
}

function briefOf(task: TaskRow): AgentTaskBrief {
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    status: task.status,
    diagnosis: task.diagnosis,
    clarifiedScope: task.clarifiedScope,
    jobSummaryForEngineer: task.jobSummaryForEngineer,
    proposalMessageId: task.proposalMessageId,
    proposalStatus: task.proposalStatus,
    proposalVersion: task.proposalVersion,
  };
}
