import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import {
  AGENT_RECIPIENT_ID,
  type Attachment,
  type ConversationSummary,
  type MessageMetadata,
  type ProposalStatus,
  type TaskEvent,
  type WorkEstimate,
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

/**
 * The ownership check of a send and what routing it needs, in one query: whether `ownerId` owns the
 * conversation, and its task's status and assignee (tasks/hand-off.ts `routeCustomerMessage`).
 * @returns null when the conversation is unknown or someone else's; `task` null when it has none.
 */
export async function findOwnedConversationRoute(db: Db, id: string, ownerId: string) {
  const [row] = await db
    .select({ id: conversations.id, status: tasks.status, assigneeId: tasks.assigneeId })
    .from(conversations)
    .leftJoin(tasks, eq(tasks.conversationId, conversations.id))
    .where(and(eq(conversations.id, id), eq(conversations.ownerId, ownerId)));
  if (!row) return null;
  return { task: row.status === null ? null : { status: row.status, assigneeId: row.assigneeId } };
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
  /**
   * Where it goes (tasks/hand-off.ts `routeCustomerMessage`): `agent-1` (the default; read at once,
   * agent-1 reads everything) or, after acceptance, the expert holding the task or `experts` (unread
   * until that expert reads the conversation).
   */
  recipientId?: string;
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
 * Stores a person's message (to agent-1 unless `message.recipientId` says otherwise), with `alongside` (e.g. the
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
      recipientId: message.recipientId ?? AGENT_RECIPIENT_ID,
      content: message.content,
      type: message.type,
      read: (message.recipientId ?? AGENT_RECIPIENT_ID) === AGENT_RECIPIENT_ID,
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
 * (docs/product.md "Conversation": id, title, message_count, participants, last_message_at).
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
  input: {
    conversationId: string;
    expertId: string;
    expertName: string;
    recipientId: string;
    content: string;
    attachments: Attachment[];
    now: Date;
  },
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
      attachments: input.attachments,
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

/** Who writes event lines: no person; clients tell them by `sender_role` `system`. */
export const SYSTEM_SENDER_ID = 'system';

/**
 * Stores an event line (a task's status change, docs/decisions/069-task-status-event-lines.md) in a
 * conversation (`read`: already read by its customer, who caused it), and moves the conversation's last-message time.
 */
export async function insertEventLine(
  db: Db,
  input: { conversationId: string; recipientId: string; content: string; event: TaskEvent; read: boolean; now: Date },
): Promise<void> {
  await db.insert(messages).values({
    conversationId: input.conversationId,
    senderId: SYSTEM_SENDER_ID,
    recipientId: input.recipientId,
    senderRole: 'system',
    content: input.content,
    type: 'event',
    read: input.read,
    metadata: { event: input.event },
    createdAt: input.now,
  });
  await touchConversation(db, input.conversationId, input.now);
}

/**
 * Marks as read the customer's messages in a conversation (`ownerId` wrote them): the expert holding
 * its task read the thread. @returns how many messages changed.
 */
export async function markCustomerMessagesRead(db: Db, conversationId: string, ownerId: string): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.conversationId, conversationId), eq(messages.read, false), eq(messages.senderId, ownerId)))
    .returning({ id: messages.id });
  return rows.length;
}

/**
 * How many of each conversation's messages from its customer nobody on the expert side read yet.
 * @returns conversation id → count; conversations without any are left out.
 */
export async function countUnreadCustomerMessages(db: Db, conversationIds: string[]): Promise<Map<string, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select({ conversationId: messages.conversationId, n: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(inArray(messages.conversationId, conversationIds), eq(messages.read, false), eq(messages.senderId, conversations.ownerId)))
    .groupBy(messages.conversationId);
  return new Map(rows.map((row) => [row.conversationId, row.n]));
}

/**
 * What each conversation's customer wrote, oldest first (one query): the words the expert's task card
 * reads the customer's budget and deadline from.
 * @returns conversation id → message texts; conversations without any are left out.
 */
export async function listCustomerWords(db: Db, conversationIds: string[]): Promise<Map<string, string[]>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select({ conversationId: messages.conversationId, content: messages.content })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(inArray(messages.conversationId, conversationIds), eq(messages.senderId, conversations.ownerId)))
    .orderBy(messages.conversationId, asc(messages.seq));
  const words = new Map<string, string[]>();
  for (const row of rows) {
    const list = words.get(row.conversationId);
    if (list) list.push(row.content);
    else words.set(row.conversationId, [row.content]);
  }
  return words;
}

/**
 * The unread messages of a conversation from one side, after message `afterSeq`, oldest first: those
 * of any expert (`from: 'experts'`, unread by the customer) or of one sender (the customer, unread on
 * the expert side). At most `limit`.
 */
export function listUnreadMessagesAfter(
  db: Db,
  query: { conversationId: string; from: 'experts' | { senderId: string }; afterSeq: number; limit: number },
) {
  const sender = query.from === 'experts' ? eq(messages.senderRole, 'expert') : eq(messages.senderId, query.from.senderId);
  return db
    .select({
      id: messages.id,
      seq: messages.seq,
      content: messages.content,
      senderName: messages.senderName,
      attachments: messages.attachments,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.conversationId, query.conversationId), eq(messages.read, false), sender, gt(messages.seq, query.afterSeq)))
    .orderBy(asc(messages.seq))
    .limit(query.limit);
}

/** @returns a message, or null. */
export async function findMessage(db: Db, id: string) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row ?? null;
}

/** @returns the latest event line of each conversation (content and time); conversations without any are left out. */
export async function findLatestEventLines(db: Db, conversationIds: string[]): Promise<Map<string, { content: string; createdAt: Date }>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([messages.conversationId], {
      conversationId: messages.conversationId,
      content: messages.content,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(inArray(messages.conversationId, conversationIds), eq(messages.senderRole, 'system')))
    .orderBy(messages.conversationId, desc(messages.seq));
  return new Map(rows.map((row) => [row.conversationId, { content: row.content, createdAt: row.createdAt }]));
}

/** @returns per conversation of `ownerId`, how many messages of others the owner has not read; none are left out. */
export async function countUnreadForOwner(db: Db, conversationIds: string[], ownerId: string): Promise<Map<string, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select({ conversationId: messages.conversationId, n: count() })
    .from(messages)
    .where(and(inArray(messages.conversationId, conversationIds), eq(messages.read, false), ne(messages.senderId, ownerId)))
    .groupBy(messages.conversationId);
  return new Map(rows.map((row) => [row.conversationId, row.n]));
}

/** Sets the `proposal_status` a proposal message shows (docs/product.md "Proposal"), keeping the rest of its metadata. */
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
 * The participants of each conversation of `ids` that exists (one query, whatever the count).
 * @returns conversation id → its participant ids (people and agents, docs/decisions/021-participant-ids.md).
 */
export async function findConversationParticipants(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: conversations.id, participants: conversations.participants })
    .from(conversations)
    .where(inArray(conversations.id, ids));
  return new Map(rows.map((row) => [row.id, row.participants]));
}

/**
 * Records that an external agent took the conversation over (docs/decisions/073-agent-claims.md);
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

/**
 * The owner's conversations, most recent first, with message and unread counts and their task: one grouped
 * query. A conversation with a task is titled by the task (agent-1's title, as in its emails), else by its own
 * title (its first message's start).
 */
function ownedConversations(db: Db, ownerId: string) {
  return db
    .select({
      id: conversations.id,
      title: sql<string | null>`coalesce(${tasks.title}, ${conversations.title})`,
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
 * The stacks agent-1 last recorded for these conversations ({@link findLatestIntakeStack} for many, one query).
 * @returns conversation id → stack; conversations without one are left out.
 */
export async function findLatestIntakeStacks(db: Db, conversationIds: string[]): Promise<Map<string, string[]>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([messages.conversationId], { conversationId: messages.conversationId, metadata: messages.metadata })
    .from(messages)
    .where(and(inArray(messages.conversationId, conversationIds), sql`${messages.metadata} ? 'intake'`))
    .orderBy(messages.conversationId, desc(messages.seq));
  return new Map(rows.map((row) => [row.conversationId, stackOf(row.metadata)]));
}

/**
 * The estimates (`metadata.intake.estimate`) of these messages, e.g. the tasks' accepted proposals (one query).
 * @returns message id → estimate; messages without one are left out.
 */
export async function findMessageEstimates(db: Db, messageIds: string[]): Promise<Map<string, WorkEstimate>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select({ id: messages.id, metadata: messages.metadata })
    .from(messages)
    .where(and(inArray(messages.id, messageIds), sql`${messages.metadata} -> 'intake' ? 'estimate'`));
  return new Map(rows.flatMap((row) => (row.metadata.intake?.estimate ? [[row.id, row.metadata.intake.estimate] as const] : [])));
}

const stackOf = (metadata: MessageMetadata): string[] => {
  const stack = metadata.intake?.stack;
  return Array.isArray(stack) ? stack.filter((item): item is string => typeof item === 'string') : [];
};

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
  return row ? stackOf(row.metadata) : [];
}

/** Replaces `from` by `to` in a jsonb list of ids, keeping the order. */
const replaceInList = (list: typeof conversations.participants, from: string, to: string) => sql`(
  select coalesce(jsonb_agg(case when p.value = ${from} then ${to} else p.value end order by p.ord), '[]'::jsonb)
  from jsonb_array_elements_text(${list}) with ordinality as p(value, ord))`;

/**
 * Gives `toId` the conversations `fromId` owns (owner and participant lists) and the messages it
 * sent or received (a guest session handed over at sign-in).
 * @returns how many conversations and messages moved.
 */
export async function moveConversationsToOwner(db: Db, fromId: string, toId: string): Promise<{ conversations: number; messages: number }> {
  const movedConversations = await db
    .update(conversations)
    .set({ ownerId: toId, participants: replaceInList(conversations.participants, fromId, toId) })
    .where(eq(conversations.ownerId, fromId))
    .returning({ id: conversations.id });
  const movedMessages = await db
    .update(messages)
    .set({
      senderId: sql`case when ${messages.senderId} = ${fromId} then ${toId} else ${messages.senderId} end`,
      recipientId: sql`case when ${messages.recipientId} = ${fromId} then ${toId} else ${messages.recipientId} end`,
    })
    .where(or(eq(messages.senderId, fromId), eq(messages.recipientId, fromId)))
    .returning({ id: messages.id });
  return { conversations: movedConversations.length, messages: movedMessages.length };
}
