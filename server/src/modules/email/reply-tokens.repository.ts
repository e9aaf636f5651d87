import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailReplyTokens, inboundEmails } from '../../db/schema.ts';

/** What a reply token speaks for: a conversation and the person the email went to. */
export interface ReplyTokenRow {
  conversationId: string;
  userId: string;
}

/** Stores a reply token's hash for a conversation and recipient. */
export async function insertReplyToken(db: Db, row: ReplyTokenRow & { tokenHash: string; createdAt: Date }): Promise<void> {
  await db.insert(emailReplyTokens).values(row);
}

/** @returns the conversation and person of a token hash that is not revoked, or null. */
export async function findLiveReplyToken(db: Db, tokenHash: string): Promise<ReplyTokenRow | null> {
  const [row] = await db
    .select({ conversationId: emailReplyTokens.conversationId, userId: emailReplyTokens.userId })
    .from(emailReplyTokens)
    .where(and(eq(emailReplyTokens.tokenHash, tokenHash), isNull(emailReplyTokens.revokedAt)));
  return row ?? null;
}

/** Revokes a person's live tokens, of one conversation or of all. @returns how many. */
export async function revokeTokens(db: Db, userId: string, conversationId: string | null, now: Date): Promise<number> {
  const rows = await db
    .update(emailReplyTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(emailReplyTokens.userId, userId),
        isNull(emailReplyTokens.revokedAt),
        conversationId === null ? undefined : eq(emailReplyTokens.conversationId, conversationId),
      ),
    )
    .returning({ tokenHash: emailReplyTokens.tokenHash });
  return rows.length;
}

/** Records an inbound email's Message-ID. @returns false when it was recorded already (the same email again). */
export async function claimInboundMessageId(db: Db, messageId: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(inboundEmails)
    .values({ messageId, receivedAt: now })
    .onConflictDoNothing()
    .returning({ messageId: inboundEmails.messageId });
  return rows.length > 0;
}

/** Forgets an inbound email's Message-ID (its reply could not be stored, so a retry may bring it again). */
export async function releaseInboundMessageId(db: Db, messageId: string): Promise<void> {
  await db.delete(inboundEmails).where(eq(inboundEmails.messageId, messageId));
}
