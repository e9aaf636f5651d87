import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  claimInboundMessageId,
  findLiveReplyToken,
  insertReplyToken,
  releaseInboundMessageId,
  revokeTokens,
  type ReplyTokenRow,
} from './reply-tokens.repository.ts';

// Reply by email (docs/decisions/087-reply-by-email.md).

export { claimInboundMessageId, releaseInboundMessageId, type ReplyTokenRow };

/** A reply token: 160 random bits as 40 lower-case hex digits (mail systems may fold an address's case). */
const TOKEN = /^[0-9a-f]{40}$/;

/** The tokens are stored as their SHA-256, as share-link tokens are: the table alone answers nobody. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Makes a reply address for one email: a new token for `conversationId` and `userId` (the recipient),
 * stored hashed in the transaction `db` that stores the email.
 * @param domain INBOUND_EMAIL_DOMAIN.
 * @returns `reply+{token}@{domain}`, the email's Reply-To.
 */
export async function issueReplyAddress(db: Db, row: ReplyTokenRow, domain: string, now: Date): Promise<string> {
  const token = randomBytes(20).toString('hex');
  await insertReplyToken(db, { ...row, tokenHash: hashToken(token), createdAt: now });
  return `reply+${token}@${domain}`;
}

/**
 * The conversation and person a reply address speaks for, if its token is live.
 * @param address any address the email was sent to; only `reply+{token}@{domain}` is looked up.
 * @returns null for another address, a malformed, unknown or revoked token.
 */
export async function resolveReplyAddress(db: Db, address: string, domain: string): Promise<ReplyTokenRow | null> {
  const match = /^reply\+([^@]+)@(.+)$/i.exec(address.trim());
  const token = match?.[1]?.toLowerCase();
  if (!match || !token || match[2]!.toLowerCase() !== domain || !TOKEN.test(token)) return null;
  return findLiveReplyToken(db, hashToken(token));
}

/**
 * Revokes a person's reply-by-email tokens: every one of theirs, or those of one conversation. Emails
 * answered through them afterwards are ignored. Call it where that person's access ends (the expert
 * flag removed, the user deleted, a task reassigned); repeating it is harmless.
 * @param conversationId only this conversation's tokens; omitted or null: all of the person's.
 * @returns how many live tokens were revoked.
 */
export async function revokeReplyTokens(
  deps: { db: Db; clock: Clock },
  userId: string,
  conversationId: string | null = null,
): Promise<number> {
  return revokeTokens(deps.db, userId, conversationId, deps.clock.now());
}
