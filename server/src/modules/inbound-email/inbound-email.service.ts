import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';
import { MAX_FILES_PER_MESSAGE, type SendMessageFields } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { VerifiedToken } from '../../lib/caller.ts';
import { AppError } from '../../lib/errors.ts';
import { discardReceived, receiveFile, type ReceivedFile } from '../../lib/received-file.ts';
import { sendMessage } from '../chat/chat.service.ts';
import { claimInboundMessageId, releaseInboundMessageId, resolveReplyAddress, type ReplyTokenRow } from '../email/reply-tokens.ts';
import { replyAsExpert } from '../expert/expert.service.ts';
import { findTaskOfConversation } from '../tasks/tasks.service.ts';
import { isAdminAccount } from '../users/people.ts';
import { findUser, type UserRow } from '../users/users.service.ts';
import { isAutomaticEmail } from './automatic-email.ts';
import { unreadableEmail } from './inbound-email.errors.ts';
import { replyTextOf } from './reply-text.ts';

/** The largest email taken in (over HTTP or SMTP), as most providers cap a message. */
export const INBOUND_EMAIL_MAX_BYTES = 25 * 1024 * 1024;

/** What became of an inbound email (logged; the sender's relay hears 204 either way). */
export type InboundOutcome = 'stored' | 'automatic' | 'no_reply_address' | 'wrong_sender' | 'duplicate' | 'refused';

export type InboundDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'config' | 'storage' | 'fileUrls' | 'emails' | 'agentQueue' | 'codeAnalysis' | 'taskConversations'
> & { log: FastifyBaseLogger };

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  [field ?? []]
    .flat()
    .flatMap((group) => group.value.flatMap((one) => [one.address ?? '', ...(one.group ?? []).map((member) => member.address ?? '')]));

/** Every address the email was for: the envelope's, then To, Cc and the headers relays add. */
function recipientsOf(mail: ParsedMail, envelope: readonly string[]): string[] {
  const added = ['delivered-to', 'x-original-to'].flatMap((name) => {
    const value = mail.headers.get(name);
    return [value ?? []].flat().map((one) => (typeof one === 'string' ? one : ''));
  });
  return [...envelope, ...addressesOf(mail.to), ...addressesOf(mail.cc), ...added].filter(Boolean);
}

/** The first live reply address among the email's recipients. */
async function replyTokenOf(
  deps: InboundDeps,
  mail: ParsedMail,
  envelope: readonly string[],
  domain: string,
): Promise<ReplyTokenRow | null> {
  for (const address of recipientsOf(mail, envelope)) {
    const found = await resolveReplyAddress(deps.db, address, domain);
    if (found) return found;
  }
  return null;
}

/** The email's attachments through the chat's receiving (types from the bytes, 10 MB each), at most 5. */
async function receiveAttachments(deps: InboundDeps, attachments: readonly Attachment[]): Promise<ReceivedFile[]> {
  const files: ReceivedFile[] = [];
  try {
    for (const attachment of attachments.filter((one) => !one.related).slice(0, MAX_FILES_PER_MESSAGE)) {
      files.push(await receiveFile(deps.storage, Readable.from([attachment.content]), attachment.filename ?? 'attachment'));
    }
  } catch (error) {
    await discardReceived(deps.storage, files);
    throw error;
  }
  return files;
}

/** A signed-in caller for the token's person, as the chat's send takes one (the token itself is not read there). */
function callerOf(user: UserRow, now: Date) {
  const token: VerifiedToken = {
    uid: user.id,
    email: user.email,
    name: user.name,
    picture: null,
    role: 'user',
    admin: false,
    expert: user.isExpert,
    sid: 'inbound-email',
    jti: 'inbound-email',
    expiresAt: now,
  };
  return { kind: 'user' as const, id: user.id, token };
}

/** Stores the reply as the app's own send would: the customer's chat send, or the holding expert's reply. */
async function storeReply(deps: InboundDeps, user: UserRow, row: ReplyTokenRow, content: string, files: ReceivedFile[]): Promise<void> {
  const task = await findTaskOfConversation(deps.db, row.conversationId);
  if (task?.userId === user.id) {
    const fields: SendMessageFields = { content, type: 'direct', recipientId: 'experts', conversationId: row.conversationId };
    await sendMessage(deps, callerOf(user, deps.clock.now()), fields, files);
    return;
  }
  if (!task || user.isGuest || !user.isExpert) throw new AppError('forbidden', 403, 'Not this task’s expert');
  const member = { id: user.id, email: user.email, name: user.name, admin: isAdminAccount(user, deps.config.ADMIN_EMAILS), expert: true };
  await replyAsExpert(deps, member, task.id, content, files);
}

/**
 * Takes in one emailed reply (docs/decisions/087-reply-by-email.md, docs/product.md "Reply by email"):
 * parsed with mailparser; ignored when automatic ({@link isAutomaticEmail}), when none of its
 * recipients is a live `reply+{token}@{INBOUND_EMAIL_DOMAIN}`, when its `From` is not the token's
 * person, or when its `Message-ID` was taken in already. Otherwise its text without quoted history and
 * signature ({@link replyTextOf}) and its attachments are stored exactly as the app's send stores them
 * (the customer's `sendMessage`, the expert's `replyAsExpert`): event stream, unread counts, the email
 * to the other side and the task's status follow. A reply those refuse (a file over the chat's limits,
 * an expert who no longer holds the task) is dropped.
 * @param raw the whole RFC 5322 message.
 * @param envelope the SMTP envelope's recipients, when known.
 * @throws AppError 400 when `raw` is not an email; database failures as they are (the relay retries:
 *   the Message-ID is released).
 */
export async function receiveInboundEmail(deps: InboundDeps, raw: Buffer, envelope: readonly string[] = []): Promise<InboundOutcome> {
  const domain = deps.config.INBOUND_EMAIL_DOMAIN;
  const mail = await simpleParser(raw).catch(() => null);
  if (!mail || mail.headers.size === 0 || !mail.from) throw unreadableEmail();
  if (isAutomaticEmail(mail)) return 'automatic';
  const row = domain ? await replyTokenOf(deps, mail, envelope, domain) : null;
  if (!row) return 'no_reply_address';
  const user = await findUser(deps.db, row.userId);
  const from = mail.from.value.map((one) => one.address?.toLowerCase());
  if (!user?.email || from.length !== 1 || from[0] !== user.email.toLowerCase()) return 'wrong_sender';
  const messageId = mail.messageId ?? `<${createHash('sha256').update(raw).digest('hex')}@inbound>`;
  if (!(await claimInboundMessageId(deps.db, messageId, deps.clock.now()))) return 'duplicate';
  try {
    const files = await receiveAttachments(deps, mail.attachments);
    await storeReply(deps, user, row, replyTextOf(mail.text ?? ''), files);
    return 'stored';
  } catch (error) {
    // A refusal is final: the same email would be refused again. Anything else may pass on a retry.
    if (error instanceof AppError && error.statusCode < 500) {
      deps.log.info({ conversationId: row.conversationId, reason: error.detail }, 'emailed reply refused');
      return 'refused';
    }
    await releaseInboundMessageId(deps.db, messageId);
    throw error;
  }
}
