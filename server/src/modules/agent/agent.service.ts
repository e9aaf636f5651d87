import { eq } from 'drizzle-orm';
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
import { conversations, messages, tasks } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { countSentMessages, listConversationMessages } from '../chat/chat.repository.ts';
import { isAgentId, stripTaskSection } from '../chat/message-view.ts';
import type { AgentBrain, AgentTurn, TranscriptEntry } from './brain.ts';
import { findPendingTurn } from './pending-turn.ts';

/** What agent-1 needs to answer a conversation. */
export interface AgentDeps {
  db: Db;
  brain: AgentBrain;
  clock: Clock;
  config: Pick<Config, 'AGENT_HOURLY_RATE' | 'AGENT_CURRENCY' | 'AI_NAME'>;
}

/** Task statuses after acceptance: the work is with the human experts. */
const WITH_THE_HUMANS: ReadonlySet<string> = new Set(['ACCEPTED', 'IN_PROGRESS', 'DONE']);

/** Agent-1 answers after acceptance without asking its brain: the work is with the humans now. */
export const AFTER_ACCEPTANCE_REPLY = 'Thanks! Your proposal is accepted and a human expert is on it. We will reply here and by email.';

/**
 * Answers what agent-1 owes a conversation, once (issue #2 "Work for the agent is durable"): it
 * stores the brain's turn as an agent message keyed by the turn it answers, and updates the task's
 * brief; a proposal moves the task to PENDING_ACCEPTANCE with proposalStatus `pending`.
 * @returns the stored message id, or null when nothing was owed or another worker answered first.
 * @throws what the brain throws (the job queue retries).
 */
export async function answerConversation(deps: AgentDeps, conversationId: string): Promise<string | null> {
  const [task] = await deps.db.select().from(tasks).where(eq(tasks.conversationId, conversationId));
  if (!task) return null;
  const rows = await listConversationMessages(deps.db, conversationId);
  const pending = findPendingTurn(rows, task);
  if (!pending) return null;

  const turn: AgentTurn | null = WITH_THE_HUMANS.has(task.status)
    ? null
    : await deps.brain.nextTurn({
        transcript: rows.map(toTranscriptEntry),
        modificationRequested: pending.modificationRequested,
        rates: { hourlyRate: deps.config.AGENT_HOURLY_RATE, currency: deps.config.AGENT_CURRENCY },
        aiName: deps.config.AI_NAME,
        messagesLeft: await messagesLeft(deps.db, task.userId, conversationId),
      });
  const now = deps.clock.now();

  return deps.db.transaction(async (tx) => {
    const metadata: MessageMetadata = turn
      ? { kind: turn.kind, ...(turn.kind === 'proposal' ? { proposal_status: 'pending' as const } : {}), intake: intakeMetadata(turn) }
      : {};
    const [stored] = await tx
      .insert(messages)
      .values({
        conversationId,
        senderId: AGENT_RECIPIENT_ID,
        recipientId: task.userId,
        content: turn ? withStaffNotes(turn) : AFTER_ACCEPTANCE_REPLY,
        type: 'direct',
        read: false,
        metadata,
        replyToMessageId: pending.replyTo?.id ?? null,
        turnKey: pending.turnKey,
        createdAt: now,
      })
      .onConflictDoNothing({ target: messages.turnKey })
      .returning({ id: messages.id });
    if (!stored) return null;
    await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversationId));
    if (turn) {
      const brief = turn.brief;
      await tx
        .update(tasks)
        .set({
          title: brief.title,
          description: brief.description,
          diagnosis: brief.diagnosis,
          clarifiedScope: brief.clarifiedScope,
          jobSummaryForEngineer: brief.jobSummaryForEngineer,
          ...(brief.taskType !== undefined ? { taskType: brief.taskType } : {}),
          ...(turn.kind === 'proposal'
            ? {
                proposalMessageId: stored.id,
                proposalContent: turn.content,
                proposalStatus: 'pending' as const,
                status: 'PENDING_ACCEPTANCE' as const,
              }
            : {}),
        })
        .where(eq(tasks.id, task.id));
    }
    return stored.id;
  });
}

/** The turn's reading of the request (and a proposal's estimate) as clients receive it in the message metadata. */
function intakeMetadata(turn: AgentTurn): AgentIntakeMetadata {
  const { requestType, stack, aiTools } = turn.reading;
  return { request_type: requestType, stack, ai_tools: aiTools, ...(turn.estimate ? { estimate: turn.estimate } : {}) };
}

/** What the chat's limits (spec §5, enforced in chat.service.ts) still let the task's owner send. */
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
