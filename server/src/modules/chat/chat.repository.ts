import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import {
  AGENT_RECIPIENT_ID,
  type Attachment,
  type ConversationSummary,
  type MessageMetadata,
  type ProposalStatus,
} from '@unstuck/contract';
import type { Db } from '../../db/client.ts';
import { conversations, messages, tasks } from '../../db/schema.ts';

/** @returns the conversation if it exists and belongs to `ownerId`, else null (no difference shown). */
export async function findOwnedConversation(db: Db, id: string, ownerId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.ownerId, ownerId)));
  return row ?? null;
}

/** @returns the message `senderId` sent with this Idempotency-Key, or null. */
export async function findMessageByIdempotencyKey(db: Db, senderId: string, key: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.idempotencyKey, key)));
  return row ?? null;
}

/** A person's message to agent-1 as {@link insertSentMessage} stores it (a chat send or a submitted job). */
export interface SentMessage {
  conversationId: string;
  senderId: string;
  content: string;
  type: string;
  attachments: Attachment[];
  metadata?: MessageMetadata;
  /** The send's Idempotency-Key and request fingerprint, when it came with one. */
  idempotency?: { key: string; requestHash: string } | null;
  now: Date;
}

/**
 * The insert of a new conversation of `ownerId` with agent-1, its last message at `now`; run it, or
 * pass it to {@link insertSentMessage} to store it in the message's statement.
 * @param input.id chosen by the caller (a random UUID), so that the message and the task can refer to it.
 */
export function newConversation(db: Db, input: { id: string; ownerId: string; title: string; now: Date }) {
  return db.insert(conversations).values({
    id: input.id,
    ownerId: input.ownerId,
    title: input.title,
    participants: [input.ownerId, AGENT_RECIPIENT_ID],
    lastMessageAt: input.now,
    createdAt: input.now,
  });
}

/** The update that moves a conversation's last message time to `now`; pass it to {@link insertSentMessage}. */
export function touchConversation(db: Db, id: string, now: Date) {
  return db.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, id));
}

/**
 * Stores a person's message to agent-1 (read by its sender), with `alongside` (e.g. the
 * {@link newConversation} it opens, its task, or {@link touchConversation}) as data-modifying WITH
 * parts of the same statement: one round trip. Constraints are checked at the statement's end, so a
 * conversation created alongside counts for the message's foreign key.
 * @returns the message's id.
 * @throws the database's foreign-key error when the conversation does not exist.
 */
export async function insertSentMessage(db: Db, message: SentMessage, alongside: SQLWrapper[] = []): Promise<string> {
  // A data-modifying WITH part runs whether or not the main statement reads it.
  const parts = alongside.map((statement, i) => db.$with(`alongside_${i}`, {}).as(statement.getSQL()));
  const [row] = await db
    .with(...parts)
    .insert(messages)
    .values({
      conversationId: message.conversationId,
      senderId: message.senderId,
      recipientId: AGENT_RECIPIENT_ID,
      content: message.content,
      type: message.type,
      read: true,
      attachments: message.attachments,
      metadata: message.metadata ?? {},
      idempotencyKey: message.idempotency?.key ?? null,
      requestHash: message.idempotency?.requestHash ?? null,
      createdAt: message.now,
    })
    .returning({ id: messages.id });
  return row!.id;
}

/** @returns the messages of a conversation, oldest first. */
export function listConversationMessages(db: Db, conversationId: string) {
  return db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.seq));
}

/** @returns how many messages `senderId` sent, in one conversation or (without it) in all. */
export async function countSentMessages(db: Db, senderId: string, conversationId?: string): Promise<number> {
  const where = conversationId
    ? and(eq(messages.senderId, senderId), eq(messages.conversationId, conversationId))
    : eq(messages.senderId, senderId);
  const [row] = await db.select({ n: count() }).from(messages).where(where);
  return row?.n ?? 0;
}

/** @returns the conversation, or null. */
export async function findConversation(db: Db, id: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row ?? null;
}

/**
 * The conversations of one owner, most recent first, with how many messages each holds
 * (spec §3 "Conversation": id, title, message_count, participants, last_message_at).
 */
export async function listConversationSummaries(db: Db, ownerId: string): Promise<ConversationSummary[]> {
  const rows = await ownedConversations(db, ownerId);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    message_count: row.messageCount,
    participants: row.participants,
    last_message_at: row.lastMessageAt.toISOString(),
  }));
}

/** @returns the ids of the conversations these people own. */
export async function conversationIdsOwnedBy(db: Db, ownerIds: string[]): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db.select({ id: conversations.id }).from(conversations).where(inArray(conversations.ownerId, ownerIds));
  return rows.map((row) => row.id);
}

/** Deletes the messages of these conversations and those these people sent anywhere. @returns how many. */
export async function deleteMessages(db: Db, scope: { conversationIds: string[]; senderIds: string[] }): Promise<number> {
  const where = [
    scope.conversationIds.length > 0 ? inArray(messages.conversationId, scope.conversationIds) : undefined,
    scope.senderIds.length > 0 ? inArray(messages.senderId, scope.senderIds) : undefined,
  ].filter((condition) => condition !== undefined);
  if (where.length === 0) return 0;
  const rows = await db
    .delete(messages)
    .where(or(...where))
    .returning({ id: messages.id });
  return rows.length;
}

/** Deletes conversations (their messages and task go by the foreign keys). @returns how many. */
export async function deleteConversations(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.delete(conversations).where(inArray(conversations.id, ids)).returning({ id: conversations.id });
  return rows.length;
}

/**
 * Stores a human expert's reply in a conversation and adds them to its participants.
 * @returns the stored row.
 */
export async function insertExpertMessage(
  db: Db,
  input: { conversationId: string; expertId: string; expertName: string; recipientId: string; content: string; now: Date },
) {
  const [row] = await db
    .insert(messages)
    .values({
      conversationId: input.conversationId,
      senderId: input.expertId,
      recipientId: input.recipientId,
      senderRole: 'expert',
      senderName: input.expertName,
      content: input.content,
      type: 'direct',
      read: false,
      createdAt: input.now,
    })
    .returning();
  await db
    .update(conversations)
    .set({
      lastMessageAt: input.now,
      participants: sql`case when ${conversations.participants} ? ${input.expertId} then ${conversations.participants}
                          else ${conversations.participants} || ${JSON.stringify([input.expertId])}::jsonb end`,
    })
    .where(eq(conversations.id, input.conversationId));
  return row!;
}

/** Sets the `proposal_status` a proposal message shows (spec §4 "Proposal"), keeping the rest of its metadata. */
export async function setMessageProposalStatus(db: Db, messageId: string, status: ProposalStatus): Promise<void> {
  await db
    .update(messages)
    .set({ metadata: sql`${messages.metadata} || ${JSON.stringify({ proposal_status: status })}::jsonb` })
    .where(eq(messages.id, messageId));
}

/** An agent's message as {@link insertAgentMessage} stores it. */
export interface AgentMessage {
  conversationId: string;
  /** `agent-1`, or a third-party agent's id. */
  senderId: string;
  recipientId: string;
  content: string;
  metadata: MessageMetadata;
  replyToMessageId: string | null;
  /** The turn it answers (agent-1's pending-turn key); a second answer to the same turn is not stored. */
  turnKey: string | null;
  now: Date;
}

/**
 * Stores an agent's message and moves its conversation's last-message time. Call inside a transaction.
 * @returns the message's id, or null when a message for the same `turnKey` is already stored.
 */
export async function insertAgentMessage(db: Db, message: AgentMessage): Promise<string | null> {
  const [stored] = await db
    .insert(messages)
    .values({
      conversationId: message.conversationId,
      senderId: message.senderId,
      recipientId: message.recipientId,
      content: message.content,
      type: 'direct',
      read: false,
      metadata: message.metadata,
      replyToMessageId: message.replyToMessageId,
      turnKey: message.turnKey,
      createdAt: message.now,
    })
    .onConflictDoNothing({ target: messages.turnKey })
    .returning({ id: messages.id });
  if (!stored) return null;
  await touchConversation(db, message.conversationId, message.now);
  return stored.id;
}

/**
 * Conversations addressed to an agent (it is among the participants), most recent first.
 * @param ownerId only this person's, when given.
 */
export function listAgentConversations(db: Db, agentId: string, options: { ownerId?: string; limit: number }) {
  return db
    .select()
    .from(conversations)
    .where(
      and(
        sql`${conversations.participants} @> ${JSON.stringify([agentId])}::jsonb`,
        options.ownerId ? eq(conversations.ownerId, options.ownerId) : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt))
    .limit(options.limit);
}

/** @returns the conversation if it exists and is addressed to `agentId`, else null (no difference shown). */
export async function findAgentConversation(db: Db, id: string, agentId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), sql`${conversations.participants} @> ${JSON.stringify([agentId])}::jsonb`));
  return row ?? null;
}

/**
 * Records that an external agent took the conversation over (docs/decisions/030-agent-push-and-one-reply.md);
 * the first claim stays (a later one by any key changes nothing).
 * @param keyId the claiming agent key's id.
 * @returns when the conversation was claimed.
 */
export async function claimConversationForAgent(db: Db, conversationId: string, keyId: string, now: Date): Promise<Date> {
  const [claimed] = await db
    .update(conversations)
    .set({ agentClaimKeyId: keyId, agentClaimedAt: now })
    .where(and(eq(conversations.id, conversationId), isNull(conversations.agentClaimedAt)))
    .returning({ at: conversations.agentClaimedAt });
  if (claimed?.at) return claimed.at;
  const [existing] = await db.select({ at: conversations.agentClaimedAt }).from(conversations).where(eq(conversations.id, conversationId));
  return existing?.at ?? now;
}

/** @returns true when an external agent claimed the conversation: agent-1's built-in brain leaves it alone. */
export async function isClaimedByExternalAgent(db: Db, conversationId: string): Promise<boolean> {
  const [row] = await db.select({ at: conversations.agentClaimedAt }).from(conversations).where(eq(conversations.id, conversationId));
  return Boolean(row?.at);
}

/**
 * Marks as read what others (the agent, an expert) wrote in one of the owner's conversations: the
 * owner read the thread. @returns how many messages changed.
 */
export async function markConversationRead(db: Db, conversationId: string, ownerId: string): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.conversationId, conversationId), eq(messages.read, false), ne(messages.senderId, ownerId)))
    .returning({ id: messages.id });
  return rows.length;
}

/** A conversation of the inbox before its latest message is shaped for the client. */
export interface InboxRow {
  id: string;
  title: string | null;
  participants: string[];
  lastMessageAt: Date;
  messageCount: number;
  unreadCount: number;
  taskId: string | null;
  taskStatus: (typeof tasks.$inferSelect)['status'] | null;
  lastMessage: typeof messages.$inferSelect | null;
}

/**
 * The owner's conversations, most recent first, each with its message count, the messages from
 * others not read yet, its task and its latest message.
 */
export async function listInbox(db: Db, ownerId: string): Promise<InboxRow[]> {
  const rows = await ownedConversations(db, ownerId);
  if (rows.length === 0) return [];
  const latest = await db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(
      inArray(
        messages.conversationId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(messages.conversationId, desc(messages.seq));
  const byConversation = new Map(latest.map((message) => [message.conversationId, message]));
  return rows.map((row) => ({ ...row, lastMessage: byConversation.get(row.id) ?? null }));
}

/** The owner's conversations, most recent first, with message and unread counts and their task: one grouped query. */
function ownedConversations(db: Db, ownerId: string) {
  return db
    .select({
      id: conversations.id,
      title: conversations.title,
      participants: conversations.participants,
      lastMessageAt: conversations.lastMessageAt,
      messageCount: count(messages.id),
      unreadCount:
        sql<number>`count(${messages.id}) filter (where ${messages.read} = false and ${messages.senderId} <> ${ownerId})`.mapWith(Number),
      taskId: tasks.id,
      taskStatus: tasks.status,
    })
    .from(conversations)
    .leftJoin(messages, eq(messages.conversationId, conversations.id))
    .leftJoin(tasks, eq(tasks.conversationId, conversations.id))
    .where(eq(conversations.ownerId, ownerId))
    .groupBy(conversations.id, tasks.id)
    .orderBy(desc(conversations.lastMessageAt));
}

/**
 * The stack agent-1 last recorded for a conversation: `metadata.intake.stack` of its latest message
 * that has one (a later turn reads the request better than an earlier one).
 * @returns the stack as recorded, or an empty list when no agent message has one.
 */
export async function findLatestIntakeStack(db: Db, conversationId: string): Promise<string[]> {
  const [row] = await db
    .select({ metadata: messages.metadata })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), sql`${messages.metadata} ? 'intake'`))
    .orderBy(desc(messages.seq))
    .limit(1);
  const stack = row?.metadata.intake?.stack;
  return Array.isArray(stack) ? stack.filter((item): item is string => typeof item === 'string') : [];
}
