import { createHash, randomUUID } from 'node:crypto';
import {
  LIMITS,
  neutraliseTaskSectionMarker,
  type JobSubmission,
  type Message,
  type InboxResponse,
  type PostMessageResponse,
  type SendMessageFields,
  type SendMessageResponse,
} from '@unstuck/contract';
import type { SQLWrapper } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Caller } from '../../lib/caller.ts';
import { discardOnFailure, discardReceived, type ReceivedFile } from '../../lib/received-file.ts';
import { guestSessionSpent } from '../auth/auth.errors.ts';
import { checkAttachedCode, queueCodeAnalysis } from '../code-sharing/code-analysis.ts';
import { claimFiles, claimLinkedFiles, fileIdOfUrl, recordMessageFiles, signConversationFiles } from '../files/files.service.ts';
import { lockCallerRow } from '../users/users.service.ts';
import {
  countSentMessages,
  findMessageByIdempotencyKey,
  findOwnedConversation,
  findOwnedConversationRoute,
  insertSentMessage,
  listConversationMessages,
  listInbox,
  markConversationRead,
  newConversation,
  touchConversation,
} from './chat.repository.ts';
import { routeCustomerMessage } from '../tasks/hand-off.ts';
import { findTaskOfConversation, newTask, resumeOnCustomerAnswer } from '../tasks/tasks.service.ts';
import type { CachedConversation } from '../../lib/conversation-view-cache.ts';
import {
  blankMessage,
  conversationLimitReached,
  conversationNotFound,
  foreignAttachments,
  guestLimitReached,
  idempotencyKeyReused,
  repeatedMessageGone,
} from './chat.errors.ts';
import { toMessageView } from './message-view.ts';

// For other modules: the repository is theirs to call only through this service (eslint.config.js).
export {
  claimConversationForAgent,
  conversationIdsOwnedBy,
  countSentMessages,
  countUnreadCustomerMessages,
  countUnreadForOwner,
  deleteConversations,
  deleteMessages,
  findAgentConversation,
  findConversation,
  findConversationParticipants,
  findLatestEventLines,
  findLatestIntakeStack,
  findLatestIntakeStacks,
  findMessage,
  findMessageEstimates,
  insertAgentMessage,
  insertEventLine,
  insertExpertMessage,
  isClaimedByExternalAgent,
  listAgentConversations,
  listConversationMessages,
  listConversationSummaries,
  listCustomerWords,
  listUnreadMessagesAfter,
  markCustomerMessagesRead,
  moveConversationsToOwner,
  setMessageProposalStatus,
} from './chat.repository.ts';

const TITLE_LENGTH = 80;

/** A send's `Idempotency-Key` header and the fingerprint of its request ({@link requestFingerprint}). */
export interface IdempotentSend {
  key: string;
  requestHash: string;
}

/**
 * The SHA-256 (hex) of what a send asks for: its fields and its files (names, sizes and the SHA-256
 * of their bytes, taken while they streamed in). Two requests with the same fingerprint store the same message.
 */
export function requestFingerprint(fields: SendMessageFields, files: ReceivedFile[]): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        fields.content,
        fields.type,
        fields.recipientId,
        fields.conversationId ?? null,
        files.map((file) => [file.fileName, file.size, file.sha256]),
      ]),
    )
    .digest('hex');
}

/**
 * Stores a message from a person to agent-1 and queues the agent's answer (docs/product.md "Calls"
 * `POST /api/v2/messages`). Without `conversationId` a conversation and its task (status
 * PENDING_CLARIFICATION) are created. In a conversation whose task is with the human experts the
 * message goes to the expert holding it, or to the expert queue, whatever `recipientId` says; agent-1
 * is not queued, the per-conversation limit (an agent's cost) does not apply, and the expert holding
 * the task is emailed if it is still unread after EMAIL_UNREAD_DELAY_SECONDS
 * (tasks/hand-off.ts `routeCustomerMessage`, docs/decisions/026-the-human-half.md); a task waiting on
 * the customer goes back to IN_PROGRESS with its event line (tasks.service.ts `resumeOnCustomerAnswer`).
 * Every attached file is stored and attached; plain-text files are also inlined into the content
 * between "File" markers (docs/product.md "Calls" note), so agent-1 reads them (files.service.ts `recordMessageFiles`).
 * The task-section marker in the typed content is stored neutralised.
 * A ZIP attachment (or linked upload) is checked at once (a refused archive refuses the message) and
 * its analysis queued into the task's code_analysis (docs/decisions/025-code-analysis-jobs.md).
 * With `idempotency`, a key the sender already used returns that send's answer again and stores and
 * queues nothing (a client retrying a send whose answer it lost); the check comes
 * before the guest and conversation limits, so the retry of a guest's last allowed message still
 * gets its answer.
 * The files were received into storage already ({@link receiveFile}); those this send does not
 * record (a retry, a refusal, a failure) are removed from storage before it returns or throws.
 * @throws AppError 400 blank message or damaged ZIP, 422 ZIP over the archive limits or
 *   `idempotency_key_reused` (a used Idempotency-Key with a different request), 401
 *   `guest_limit_reached` or `guest_session_handed_over` ("Authentication required", docs/product.md "Errors"), 403
 *   `conversation_limit_reached` (docs/product.md "Validation"), 404 unknown or foreign conversation, 409 when the send
 *   its files were read for as a retry is gone.
 */
export async function sendMessage(
  deps: SendDeps,
  caller: Caller,
  fields: SendMessageFields,
  files: ReceivedFile[],
  idempotency: IdempotentSend | null = null,
): Promise<SendMessageResponse> {
  const result = await discardOnFailure(deps.storage, files, async () => {
    // Outside the transaction: reading an archive's directory is quick, but needs no lock held.
    await checkAttachedCode(deps, files);
    return storeSentMessage(deps, caller, fields, files, idempotency);
  });
  if (result.replayed) await discardReceived(deps.storage, files);
  else {
    if (result.agentTurn) deps.agentQueue.wake();
    deps.codeAnalysis.wake();
  }
  return result.answer;
}

type SendDeps = Pick<
  AppDeps,
  'db' | 'storage' | 'clock' | 'agentQueue' | 'config' | 'fileUrls' | 'emails' | 'codeAnalysis' | 'taskConversations'
>;

/** {@link sendMessage}'s transaction: the answer, whether it was a retry's (nothing stored), and whether agent-1 was queued. */
async function storeSentMessage(
  deps: SendDeps,
  caller: Caller,
  fields: SendMessageFields,
  files: ReceivedFile[],
  idempotency: IdempotentSend | null,
): Promise<{ replayed: boolean; agentTurn: boolean; answer: SendMessageResponse }> {
  // The person's words can never open the agent's staff-only section.
  const typed = neutraliseTaskSectionMarker(fields.content.trim());
  if (!typed && files.length === 0) throw blankMessage();
  const now = deps.clock.now();

  return deps.db.transaction(async (tx) => {
    // The caller's row lock also serialises concurrent retries with one key: the second sees the first.
    const { mergedIntoUserId, created } = await lockCallerRow(tx, caller);
    if (idempotency) {
      const earlier = await findMessageByIdempotencyKey(tx, caller.id, idempotency.key);
      if (earlier) {
        if (earlier.requestHash !== idempotency.requestHash) {
          throw idempotencyKeyReused();
        }
        const earlierFile = earlier.attachments[0] && fileIdOfUrl(earlier.attachments[0].url);
        const url = earlierFile ? deps.fileUrls.sign(earlierFile) : undefined;
        return {
          replayed: true,
          agentTurn: false,
          answer: { id: earlier.id, conversation_id: earlier.conversationId, ...(url ? { attachment_url: url } : {}) },
        };
      }
    }
    // Files read as a retry's were not kept: the send they retried has gone since (deleted).
    if (files.some((file) => !file.storageKey)) throw repeatedMessageGone();
    // A guest session handed over at sign-in is spent: its messages now count for the account. A
    // guest whose row this send created has sent nothing yet: no need to count.
    if (caller.kind === 'guest') {
      if (mergedIntoUserId) throw guestSessionSpent();
      if (!created && (await countSentMessages(tx, caller.id)) >= LIMITS.guestMessages) throw guestLimitReached();
    }
    const existing = fields.conversationId;
    const owned = existing ? await findOwnedConversationRoute(tx, existing, caller.id) : null;
    const task = owned?.task ?? null;
    const route = routeCustomerMessage(task);
    if (existing) {
      if (!owned) throw conversationNotFound();
      if (
        route.agentTurn &&
        caller.kind === 'user' &&
        (await countSentMessages(tx, caller.id, existing)) >= LIMITS.signedInMessagesPerConversation
      ) {
        throw conversationLimitReached();
      }
    }
    const conversationId = existing ?? randomUUID();
    // A new conversation and its task are stored in the message's statement, or before the files
    // when there are any (the files and the code analysis refer to them).
    const opening = existing
      ? null
      : openConversation(tx, caller, { conversationId, title: titleFrom(typed, files), description: typed, now });
    let alongside: Array<SQLWrapper & PromiseLike<unknown>> = opening ?? [touchConversation(tx, existing!, now)];
    if (files.length > 0 && opening) {
      for (const statement of alongside) await statement;
      alongside = [];
    }
    const { content, stored } = await recordMessageFiles(tx, { ownerId: caller.id, conversationId, typed, files });
    const id = await insertSentMessage(
      tx,
      {
        conversationId,
        senderId: caller.id,
        content,
        type: fields.type,
        attachments: stored.map((one) => one.attachment),
        recipientId: route.recipientId,
        idempotency,
        now,
      },
      alongside,
    );
    if (task?.status === 'WAITING_ON_CUSTOMER') await resumeOnCustomerAnswer(deps.taskConversations, tx, conversationId, now);
    const linked = await claimLinkedFiles(tx, caller.id, conversationId, typed);
    const code = [...stored.map((one) => ({ id: one.id, contentType: one.attachment.content_type })), ...linked];
    const taskId =
      opening?.taskId ??
      (code.some((file) => file.contentType === 'application/zip') ? (await findTaskOfConversation(tx, conversationId))?.id : null);
    if (taskId) await queueCodeAnalysis(tx, deps.codeAnalysis, taskId, code);
    // In the same transaction: the message is never stored without its job, nor the job without it.
    if (route.agentTurn) await deps.agentQueue.enqueue(conversationId, tx);
    else if (task?.assigneeId) {
      await deps.emails.enqueue({ type: 'customer_replied', messageId: id }, tx, { delaySeconds: deps.config.EMAIL_UNREAD_DELAY_SECONDS });
    }
    const first = stored[0];
    return {
      replayed: false,
      agentTurn: route.agentTurn,
      answer: { id, conversation_id: conversationId, ...(first ? { attachment_url: deps.fileUrls.sign(first.id) } : {}) },
    };
  });
}

/**
 * Submits a job (docs/product.md "Submit Job", "Entities" job payload, `POST /api/messages`): a new conversation
 * with agent-1 and its task titled by `metadata.jobTitle`, the job as the first message (its
 * attachments are the uploaded files whose URLs it lists), and agent-1 queued to answer it as it
 * answers a chat request.
 * @throws AppError 400 when an attachment URL is not an unattached upload of the caller (nothing is stored).
 */
export async function submitJob(
  deps: Pick<AppDeps, 'db' | 'clock' | 'agentQueue' | 'codeAnalysis'>,
  caller: Extract<Caller, { kind: 'user' }>,
  job: JobSubmission,
): Promise<PostMessageResponse> {
  const now = deps.clock.now();
  // Like a chat message, a job can never open the agent's staff-only section.
  const content = neutraliseTaskSectionMarker(job.content);
  const result = await deps.db.transaction(async (tx) => {
    await lockCallerRow(tx, caller);
    const conversationId = randomUUID();
    const opening = openConversation(tx, caller, { conversationId, title: job.metadata.jobTitle, description: content, now });
    // The attachments are claimed for the conversation, which must exist by then.
    for (const statement of opening) await statement;
    const attachments = await claimFiles(tx, { ownerId: caller.id, conversationId, urls: job.metadata.attachments });
    if (!attachments) throw foreignAttachments();
    const files = attachments.map((attachment) => ({ id: fileIdOfUrl(attachment.url)!, contentType: attachment.content_type }));
    await queueCodeAnalysis(tx, deps.codeAnalysis, opening.taskId, files);
    const id = await insertSentMessage(tx, {
      conversationId,
      senderId: caller.id,
      content,
      type: job.type,
      attachments,
      metadata: { jobTitle: job.metadata.jobTitle, techStack: job.metadata.techStack },
      now,
    });
    await deps.agentQueue.enqueue(conversationId, tx);
    return { id, conversation_id: conversationId, task_id: opening.taskId };
  });
  deps.agentQueue.wake();
  deps.codeAnalysis.wake();
  return result;
}

/**
 * The messages of one of the caller's conversations, oldest first, agent task sections stripped;
 * what others wrote there counts as read by the caller from now on.
 * @throws AppError 404 when the conversation is unknown or not the caller's.
 */
export async function readConversation(deps: Pick<AppDeps, 'db' | 'fileUrls'>, caller: Caller, conversationId: string): Promise<Message[]> {
  if (!(await findOwnedConversation(deps.db, conversationId, caller.id))) throw conversationNotFound();
  // The owner reading the thread (the home page or Messages) is what makes it read.
  await markConversationRead(deps.db, conversationId, caller.id);
  return viewMessagesForOwner(deps, conversationId, await listConversationMessages(deps.db, conversationId));
}

/**
 * A conversation's messages as its owner reads them (the read call's view): agent task sections
 * stripped, file links signed.
 * @param rows the conversation's stored messages, oldest first.
 */
export async function viewMessagesForOwner(
  deps: Pick<AppDeps, 'db' | 'fileUrls'>,
  conversationId: string,
  rows: Awaited<ReturnType<typeof listConversationMessages>>,
): Promise<Message[]> {
  const signFiles = await signConversationFiles(deps, conversationId);
  return rows.map((row) => signFiles(toMessageView(row, 'client')));
}

/**
 * The client view of one of the caller's conversations as `GET /api/v2/conversations/{id}/messages`
 * answers it: from memory while the conversation is unchanged (no database query), else read and kept.
 * @throws AppError 404 when the conversation is unknown or not the caller's.
 */
export async function readConversationView(
  deps: Pick<AppDeps, 'db' | 'conversationCache' | 'fileUrls'>,
  caller: Caller,
  conversationId: string,
): Promise<CachedConversation> {
  const cache = deps.conversationCache;
  const cached = cache.get(conversationId);
  if (cached) {
    if (cached.ownerId !== caller.id) throw conversationNotFound();
    return cached;
  }
  const ticket = cache.ticket(conversationId);
  const view = await readConversation(deps, caller, conversationId);
  return cache.store(conversationId, ticket, caller.id, JSON.stringify(view));
}

/**
 * The two inserts that open a conversation of the caller's with agent-1: the conversation and its
 * task (PENDING_CLARIFICATION); `taskId` is the task's id. Not run yet: the caller runs them, or has
 * the first message's statement carry them.
 */
function openConversation(
  tx: AppDeps['db'],
  caller: Caller,
  input: { conversationId: string; title: string; description: string; now: Date },
): [ReturnType<typeof newConversation>, ReturnType<typeof newTask>] & { taskId: string } {
  const taskId = randomUUID();
  const statements = [
    newConversation(tx, { id: input.conversationId, ownerId: caller.id, title: input.title, now: input.now }),
    newTask(tx, {
      id: taskId,
      userId: caller.id,
      conversationId: input.conversationId,
      title: input.title,
      description: input.description,
      now: input.now,
    }),
  ] as [ReturnType<typeof newConversation>, ReturnType<typeof newTask>];
  return Object.assign(statements, { taskId });
}

function titleFrom(content: string, files: ReceivedFile[]): string {
  const firstLine = content.split('\n').find((line) => line.trim()) ?? files[0]?.fileName ?? 'New conversation';
  const trimmed = firstLine.trim();
  return trimmed.length > TITLE_LENGTH ? `${trimmed.slice(0, TITLE_LENGTH - 1)}…` : trimmed;
}

/**
 * The caller's conversations for Messages and the dashboard badge (`GET /api/v2/conversations`):
 * most recent first, each with its latest message (task section stripped), its unread count and
 * its task; `unread_total` sums the counts.
 */
export async function listConversations(deps: Pick<AppDeps, 'db'>, caller: Caller): Promise<InboxResponse> {
  const rows = await listInbox(deps.db, caller.id);
  const conversations = rows.map((row) => {
    const last = row.lastMessage ? toMessageView(row.lastMessage, 'client') : null;
    return {
      id: row.id,
      title: row.title,
      message_count: row.messageCount,
      participants: row.participants,
      last_message_at: row.lastMessageAt.toISOString(),
      last_message: last ? { content: last.content, sender_role: last.sender_role, created_at: last.created_at } : null,
      unread_count: row.unreadCount,
      task: row.taskId && row.taskStatus ? { id: row.taskId, status: row.taskStatus } : null,
    };
  });
  return { conversations, unread_total: conversations.reduce((sum, c) => sum + c.unread_count, 0) };
}
