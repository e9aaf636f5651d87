import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema.ts';

/**
 * The conversations of one owner, most recent first, with how many messages each holds
 * (spec §3 "Conversation": id, title, message_count, participants, last_message_at).
 */
export async function listConversationSummaries(db: Db, ownerId: string) {
  const rows = await db
    .select({
      id: conversations.id,
      title: conversations.title,
      participants: conversations.participants,
      lastMessageAt: conversations.lastMessageAt,
      messageCount: count(messages.id),
    })
    .from(conversations)
    .leftJoin(messages, eq(messages.conversationId, conversations.id))
    .where(eq(conversations.ownerId, ownerId))
    .groupBy(conversations.id)
    .orderBy(desc(conversations.lastMessageAt));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    message_count: row.messageCount,
    participants: row.participants,
    last_message_at: row.lastMessageAt.toISOString(),
  }));
}
