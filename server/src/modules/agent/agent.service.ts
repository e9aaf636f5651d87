import {
  AGENT_RECIPIENT_ID,
  guestSessionIdSchema,
  LIMITS,
  TASK_SECTION_MARKER,
  type AgentIntakeMetadata,
  type MessageMetadata,
} from '@unstuck/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { messages } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  countSentMessages,
  findMessage,
  insertAgentMessage,
  isClaimedByExternalAgent,
  listConversationMessages,
} from '../chat/chat.service.ts';
import type { ConversationDrafts, DraftPublisher } from '../realtime/realtime.service.ts';
import { isAgentId, stripTaskSection } from '../chat/message-view.ts';
import { agentMayAnswer } from '../tasks/hand-off.ts';
import { applyAgentTurn, findTaskOfConversation, lockTaskOfConversation, type TaskRow } from '../tasks/tasks.service.ts';
import type { AgentBrain, AgentTurn, TranscriptEntry } from './brain.ts';
import type { ExpertResponseProvider } from './knowledge/knowledge.ts';
import { findPendingTurn, type PendingTurn } from './pending-turn.ts';
import { proposalChanges } from './proposal-changes.ts';

/** What agent-1 needs to answer a conversation. */
export interface AgentDeps {
  db: Db;
  brain: AgentBrain;
  clock: Clock;
  config: Pick<Config, 'AGENT_HOURLY_RATE' | 'AGENT_CURRENCY' | 'AI_NAME'>;
  /** Where a streaming brain's drafts go (the conversation's event streams); none: drafts are not shown. */
  drafts?: Pick<ConversationDrafts, 'publisher'>;
  /** The expected first reply of an expert that agent-1 quotes (`GET /api/config` → `expertResponse`); none: no figure. */
  expertResponse?: ExpertResponseProvider;
}

/**
 * Answers what agent-1 owes a conversation, once; nothing
 * once its task is with the human experts (tasks/hand-off.ts `agentMayAnswer`, decision 026). It
 * stores the brain's turn as an agent message keyed by the turn it answers, and updates the task's
 * brief; a proposal moves the task to PENDING_ACCEPTANCE with proposalStatus `pending`. While a
 * streaming brain writes, its drafts go to `deps.drafts` (decision 018); they end before the message
 * is stored, or as `failed` when the attempt fails.
 * @returns the stored message id, or null when nothing was owed, an external agent claimed the
 *   conversation, another worker answered first, or the task's code analysis is pending (its job
 *   queues the turn again).
 * @throws what the brain throws (the job queue retries).
 */
export async function answerConversation(deps: AgentDeps, conversationId: string): Promise<string | null> {
  const task = await findTaskOfConversation(deps.db, conversationId);
  // A turn waits for code being analysed: the analysis job queues the turn again when it ends
  // (docs/decisions/025-code-analysis-jobs.md), so the proposal reads its figures. An external agent
  // that took the conversation over (decision 073) answers it, not the built-in brain.
  if (!task || !agentMayAnswer(task) || task.codeAnalysisState === 'pending') return null;
  if (await isClaimedByExternalAgent(deps.db, conversationId)) return null;
  const rows = await listConversationMessages(deps.db, conversationId);
  const pending = findPendingTurn(rows, task);
  if (!pending) return null;

  const drafts = deps.drafts?.publisher(conversationId, pending.replyTo?.id ?? null);
  try {
    const stored = await answerTurn(deps, task, rows, pending, drafts);
    await drafts?.end('stored');
    return stored;
  } catch (error) {
    await drafts?.end('failed');
    throw error;
  }
}

async function answerTurn(
  deps: AgentDeps,
  task: TaskRow,
  rows: Array<typeof messages.$inferSelect>,
  pending: PendingTurn,
  drafts: DraftPublisher | undefined,
): Promise<string | null> {
  const conversationId = task.conversationId;
  const turn: AgentTurn = await deps.brain.nextTurn({
    transcript: rows.map(toTranscriptEntry),
    modificationRequested: pending.modificationRequested,
    codeAnalysis: task.codeAnalysis ?? null,
    rates: { hourlyRate: deps.config.AGENT_HOURLY_RATE, currency: deps.config.AGENT_CURRENCY },
    aiName: deps.config.AI_NAME,
    messagesLeft: await messagesLeft(deps.db, task.userId, conversationId),
    guest: guestSessionIdSchema.safeParse(task.userId).success,
    expertResponse: (await deps.expertResponse?.()) ?? null,
    ...(drafts ? { onDraft: (content: string) => drafts.update(content) } : {}),
  });
  // Every draft is out before the message: a stream never gets a draft after the message it became.
  await drafts?.settle();
  const now = deps.clock.now();
  // A submitted job was titled by the person (docs/product.md "Entities" jobTitle): agent-1 titles only chats.
  const personTitled = typeof rows[0]?.metadata.jobTitle === 'string';
  return deps.db.transaction(async (tx) => {
    // The proposal may have been accepted while the brain wrote: the turn is then dropped.
    if (!agentMayAnswer(await findTaskOfConversation(tx, conversationId))) return null;
    return storeAgentReply(
      tx,
      task,
      {
        senderId: AGENT_RECIPIENT_ID,
        content: withStaffNotes(turn),
        metadata: { kind: turn.kind, intake: intakeMetadata(turn) },
        proposal: turn.kind === 'proposal',
        replyToMessageId: pending.replyTo?.id ?? null,
        turnKey: pending.turnKey,
        brief: {
          ...(personTitled ? {} : { title: turn.brief.title }),
          description: turn.brief.description,
          diagnosis: turn.brief.diagnosis,
          clarifiedScope: turn.brief.clarifiedScope,
          jobSummaryForEngineer: turn.brief.jobSummaryForEngineer,
          ...(turn.brief.taskType !== undefined ? { taskType: turn.brief.taskType } : {}),
        },
      },
      now,
    );
  });
}

/** An agent's message as {@link storeAgentReply} stores it. */
export interface AgentReply {
  /** The agent's id (`agent-1`, or a third-party agent's id from its API key). */
  senderId: string;
  content: string;
  metadata: MessageMetadata;
  /** A proposal: the message gets `kind: proposal, proposal_status: pending` and the task waits for acceptance. */
  proposal: boolean;
  replyToMessageId: string | null;
  /** The turn it answers ({@link findPendingTurn}); a second answer to the same turn is not stored. */
  turnKey: string | null;
  /** Task fields to update with the message. */
  brief: Partial<Pick<TaskRow, 'title' | 'description' | 'diagnosis' | 'clarifiedScope' | 'jobSummaryForEngineer' | 'taskType'>>;
}

/**
 * Stores an agent's message in a task's conversation and updates the task with it: the one writer
 * for agent-1's built-in turns and for external agents (MCP tools, agent REST). A proposal sets the
 * task's proposalMessageId, proposalContent, proposalStatus `pending`, proposalVersion and status
 * PENDING_ACCEPTANCE (docs/product.md "Proposal"); the message gets its version and changes (decision 030).
 * Call inside a transaction.
 * @returns the stored message id, or null when the turn (`turnKey`) was already answered.
 */
export async function storeAgentReply(tx: Db, task: TaskRow, reply: AgentReply, now: Date): Promise<string | null> {
  const metadata: MessageMetadata = reply.proposal
    ? { ...reply.metadata, kind: 'proposal', proposal_status: 'pending', ...(await nextVersion(tx, task, reply)) }
    : reply.metadata;
  const storedId = await insertAgentMessage(tx, {
    conversationId: task.conversationId,
    senderId: reply.senderId,
    recipientId: task.userId,
    content: reply.content,
    metadata,
    replyToMessageId: reply.replyToMessageId,
    turnKey: reply.turnKey,
    now,
  });
  if (!storedId) return null;
  const proposal = reply.proposal
    ? {
        proposalMessageId: storedId,
        proposalContent: stripTaskSection(reply.content),
        proposalStatus: 'pending' as const,
        proposalVersion: metadata.proposal_version ?? null,
        status: 'PENDING_ACCEPTANCE' as const,
      }
    : {};
  await applyAgentTurn(tx, task.id, { ...reply.brief, ...proposal });
  return storedId;
}

/**
 * A new proposal's version and, from version 2 on, what it changed against the task's current
 * proposal (docs/decisions/030-proposal-versions.md). Locks the task so that proposals stored at
 * once get one version each.
 */
async function nextVersion(
  tx: Db,
  task: TaskRow,
  reply: AgentReply,
): Promise<Pick<MessageMetadata, 'proposal_version' | 'proposal_changes'>> {
  const current = (await lockTaskOfConversation(tx, task.conversationId)) ?? task;
  const previous = current.proposalMessageId ? await findMessage(tx, current.proposalMessageId) : null;
  const version = (current.proposalVersion ?? 0) + 1;
  if (!previous) return { proposal_version: version };
  return {
    proposal_version: version,
    proposal_changes: proposalChanges(
      { content: stripTaskSection(previous.content), metadata: previous.metadata },
      { content: stripTaskSection(reply.content), metadata: reply.metadata },
    ),
  };
}

/** The turn's reading of the request (and a proposal's estimate) as clients receive it in the message metadata. */
function intakeMetadata(turn: AgentTurn): AgentIntakeMetadata {
  const { requestType, stack, aiTools } = turn.reading;
  return { request_type: requestType, stack, ai_tools: aiTools, ...(turn.estimate ? { estimate: turn.estimate } : {}) };
}

/** What the chat's limits (docs/product.md "Validation", enforced in chat.service.ts) still let the task's owner send. */
async function messagesLeft(db: Db, ownerId: string, conversationId: string): Promise<number> {
  if (guestSessionIdSchema.safeParse(ownerId).success) return Math.max(0, LIMITS.guestMessages - (await countSentMessages(db, ownerId)));
  return Math.max(0, LIMITS.signedInMessagesPerConversation - (await countSentMessages(db, ownerId, conversationId)));
}

function withStaffNotes(turn: AgentTurn): string {
  return turn.staffNotes ? `${turn.content}\n\n${TASK_SECTION_MARKER}\n${turn.staffNotes}` : turn.content;
}

function toTranscriptEntry(row: typeof messages.$inferSelect): TranscriptEntry {
  const attachmentNames = row.attachments.map((attachment) => attachment.file_name);
  if (isAgentId(row.senderId)) {
    // The brain sees what the person saw: its own staff notes are not part of the dialogue.
    return { role: 'agent', content: stripTaskSection(row.content), kind: row.metadata.kind, attachmentNames };
  }
  return { role: 'user', content: row.content, attachmentNames };
}
