import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AGENT_RECIPIENT_ID, TASK_SECTION_MARKER, type TaskStatus } from '@unstuck/contract';
import type { Db } from '../../src/db/client.ts';
import { conversations, messages, tasks, users } from '../../src/db/schema.ts';
import { newGuestId } from './http.ts';

/** A seeded conversation with its task: what a person and agent-1 would have left behind. */
export interface SeededTask {
  ownerId: string;
  /** The owner as staff and agents see them: a guest's participant id, else the user id (decision 021). */
  ownerPublicId: string;
  conversationId: string;
  taskId: string;
  userMessageId: string;
  proposalMessageId: string;
}

/**
 * Writes a guest's or user's conversation straight to the database: the person's request, agent-1's
 * proposal (with staff notes after the task-section marker) and the task, in `status`. For suites
 * that test what staff do with tasks, where talking to agent-1 first would only add time.
 * @param options.ownerId an existing user's id; otherwise a new guest is created.
 */
export async function seedTask(
  db: Db,
  options: {
    ownerId?: string;
    status?: TaskStatus;
    title?: string;
    request?: string;
    proposal?: string;
    clarifiedScope?: string;
    jobSummaryForEngineer?: string;
  } = {},
): Promise<SeededTask> {
  const ownerId = options.ownerId ?? newGuestId();
  const ownerPublicId = options.ownerId
    ? options.ownerId
    : (await db.insert(users).values({ id: ownerId, role: 'guest', isGuest: true }).returning())[0]!.participantId;
  const status = options.status ?? 'ACCEPTED';
  const request = options.request ?? 'My checkout page crashes with a 500 since the last deploy';
  const proposal = options.proposal ?? '## Proposal\n\nScope: fix the checkout crash.\n\nEstimate: 3–5 hours.';
  const [conversation] = await db
    .insert(conversations)
    .values({ ownerId, title: options.title ?? 'Checkout crash', participants: [ownerId, AGENT_RECIPIENT_ID] })
    .returning();
  const [userMessage] = await db
    .insert(messages)
    .values({ conversationId: conversation!.id, senderId: ownerId, recipientId: AGENT_RECIPIENT_ID, content: request, read: true })
    .returning();
  const [proposalMessage] = await db
    .insert(messages)
    .values({
      conversationId: conversation!.id,
      senderId: AGENT_RECIPIENT_ID,
      recipientId: ownerId,
      content: `${proposal}\n\n${TASK_SECTION_MARKER}\nStaff only: customer seems in a hurry.`,
      metadata: { kind: 'proposal', proposal_status: status === 'PENDING_ACCEPTANCE' ? 'pending' : 'accepted' },
      replyToMessageId: userMessage!.id,
      turnKey: `reply:${userMessage!.id}`,
    })
    .returning();
  const accepted = ['ACCEPTED', 'IN_PROGRESS', 'WAITING_ON_CUSTOMER', 'DONE'].includes(status);
  const [task] = await db
    .insert(tasks)
    .values({
      title: options.title ?? 'Checkout crash',
      description: request,
      status,
      userId: ownerId,
      conversationId: conversation!.id,
      diagnosis: 'A bug fix on the checkout',
      clarifiedScope: options.clarifiedScope ?? '- Fix the checkout crash',
      jobSummaryForEngineer: options.jobSummaryForEngineer ?? 'Goal: fix checkout\nType: bug fix',
      taskType: 'bug fix',
      proposalMessageId: proposalMessage!.id,
      proposalContent: proposal,
      proposalStatus: accepted ? 'accepted' : 'pending',
      endUserAcceptedTask: accepted,
      proposalAcceptedAt: accepted ? new Date() : null,
    })
    .returning();
  return {
    ownerId,
    ownerPublicId,
    conversationId: conversation!.id,
    taskId: task!.id,
    userMessageId: userMessage!.id,
    proposalMessageId: proposalMessage!.id,
  };
}

/** The participant id staff and agents see for a guest (decision 021), read from its users row. */
export async function participantIdOf(db: Db, guestId: string): Promise<string> {
  const [row] = await db.select({ participantId: users.participantId }).from(users).where(eq(users.id, guestId));
  if (!row) throw new Error(`no users row for ${guestId}`);
  return row.participantId;
}

/** A random id for paths that must name something that does not exist. */
export const unknownId = () => randomUUID();
