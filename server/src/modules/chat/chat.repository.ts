import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema.ts';

/** @returns the conversation if it exists and belongs to `ownerId`, else null (no difference shown). */
export async function findOwnedConversation(db: Db, id: string, ownerId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.ownerId, ownerId)));
  return row ?? null;
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
