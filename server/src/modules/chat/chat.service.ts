import { eq } from 'drizzle-orm';
import {
  AGENT_RECIPIENT_ID,
  inlineTextFile,
  LIMITS,
  type JobSubmission,
  type Message,
  type InboxResponse,
  type PostMessageResponse,
  type SendMessageFields,
  type SendMessageResponse,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { conversations, messages, tasks } from '../../db/schema.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { analyseAttachedCode } from '../code-sharing/code-analysis.ts';
import { claimFiles, claimLinkedFiles, signConversationFiles, storeFile, type IncomingFile } from '../files/files.service.ts';
import { lockCallerRow } from '../users/users.repository.ts';
import { countSentMessages, findOwnedConversation, listConversationMessages, listInbox, markConversationRead } from './chat.repository.ts';
import { toMessageView } from './message-view.ts';

/** Spec §5's text for a signed-in user's limit; the client shows the same. */
export const SIGNED_IN_LIMIT_DETAIL = 'You have reached the 10 message limit for this session. Please start a new conversation.';

const TITLE_LENGTH = 80;

/**
 * Stores a message from a person to agent-1 and queues the agent's answer (spec §7
 * `POST /api/v2/messages`). Without `conversationId` a conversation and its task (status
 * PENDING_CLARIFICATION) are created. Every attached file is stored and attached; plain-text files
 * are also inlined into the content between "File" markers (spec §7 note), so agent-1 reads them.
 * A ZIP attachment is analysed into the task's code_analysis (a refused archive refuses the message).
 * @throws AppError 400 blank message or damaged ZIP, 422 ZIP over the archive limits, 401 guest limit or a handed-over guest session ("Authentication required", spec §8),
 *   403 signed-in limit (spec §5), 404 unknown or foreign conversation.
 */
export async function sendMessage(
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock' | 'agentQueue' | 'config' | 'fileUrls'>,
  caller: Caller,
  fields: SendMessageFields,
  files: IncomingFile[],
): Promise<SendMessageResponse> {
  const typed = fields.content.trim();
  if (!typed && files.length === 0) throw badRequest('content must not be blank unless a file is attached');
  const now = deps.clock.now();

  const result = await deps.db.transaction(async (tx) => {
    const { mergedIntoUserId } = await lockCallerRow(tx, caller);
    // A guest session handed over at sign-in is spent: its messages now count for the account.
    if (caller.kind === 'guest' && (mergedIntoUserId || (await countSentMessages(tx, caller.id)) >= LIMITS.guestMessages)) {
      throw unauthorized('Authentication required');
    }
    let conversationId = fields.conversationId;
    if (conversationId) {
      if (!(await findOwnedConversation(tx, conversationId, caller.id))) throw notFound('Conversation not found');
      if (caller.kind === 'user' && (await countSentMessages(tx, caller.id, conversationId)) >= LIMITS.signedInMessagesPerConversation) {
        throw forbidden(SIGNED_IN_LIMIT_DETAIL);
      }
    } else {
      ({ conversationId } = await createConversationWithTask(tx, caller, titleFrom(typed, files), typed, now));
    }
    // Every archive is checked before any byte is stored: a refused one leaves nothing behind.
    for (const file of files) await analyseAttachedCode(tx, deps.config, conversationId, file.data);
    const stored = [];
    for (const file of files) stored.push(await storeFile({ db: tx, storage: deps.storage }, { ownerId: caller.id, conversationId, file }));
    const content = [
      typed,
      ...stored.flatMap((one) => (one.textContent === null ? [] : [inlineTextFile(one.attachment.file_name, one.textContent)])),
    ]
      .filter(Boolean)
      .join('\n\n');
    await claimLinkedFiles(tx, caller.id, conversationId, typed);
    const [row] = await tx
      .insert(messages)
      .values({
        conversationId,
        senderId: caller.id,
        recipientId: AGENT_RECIPIENT_ID,
        content,
        type: fields.type,
        read: true,
        attachments: stored.map((one) => one.attachment),
        createdAt: now,
      })
      .returning({ id: messages.id });
    await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversationId));
    const first = stored[0];
    return { id: row!.id, conversation_id: conversationId, ...(first ? { attachment_url: deps.fileUrls.sign(first.id) } : {}) };
  });

  await deps.agentQueue.enqueue(result.conversation_id);
  return result;
}

/**
 * Submits a job (spec §2 "Submit Job", §3 job payload, `POST /api/messages`): a new conversation
 * with agent-1 and its task titled by `metadata.jobTitle`, the job as the first message (its
 * attachments are the uploaded files whose URLs it lists), and agent-1 queued to answer it as it
 * answers a chat request.
 * @throws AppError 400 when an attachment URL is not an unattached upload of the caller (nothing is stored).
 */
export async function submitJob(
  deps: Pick<AppDeps, 'db' | 'clock' | 'agentQueue'>,
  caller: Extract<Caller, { kind: 'user' }>,
  job: JobSubmission,
): Promise<PostMessageResponse> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    await lockCallerRow(tx, caller);
    const { conversationId, taskId } = await createConversationWithTask(tx, caller, job.metadata.jobTitle, job.content, now);
    const attachments = await claimFiles(tx, { ownerId: caller.id, conversationId, urls: job.metadata.attachments });
    if (!attachments) throw badRequest('metadata.attachments: each must be the URL of a file you uploaded and not yet sent');
    const [stored] = await tx
      .insert(messages)
      .values({
        conversationId,
        senderId: caller.id,
        recipientId: AGENT_RECIPIENT_ID,
        content: job.content,
        type: job.type,
        read: true,
        attachments,
        metadata: { jobTitle: job.metadata.jobTitle, techStack: job.metadata.techStack },
        createdAt: now,
      })
      .returning({ id: messages.id });
    return { id: stored!.id, conversation_id: conversationId, task_id: taskId };
  });
  await deps.agentQueue.enqueue(result.conversation_id);
  return result;
}

/**
 * The messages of one of the caller's conversations, oldest first, agent task sections stripped;
 * what others wrote there counts as read by the caller from now on.
 * @throws AppError 404 when the conversation is unknown or not the caller's.
 */
export async function readConversation(deps: Pick<AppDeps, 'db' | 'fileUrls'>, caller: Caller, conversationId: string): Promise<Message[]> {
  if (!(await findOwnedConversation(deps.db, conversationId, caller.id))) throw notFound('Conversation not found');
  // The owner reading the thread (the home page or Messages) is what makes it read.
  await markConversationRead(deps.db, conversationId, caller.id);
  const rows = await listConversationMessages(deps.db, conversationId);
  const signFiles = await signConversationFiles(deps, conversationId);
  return rows.map((row) => signFiles(toMessageView(row, 'client')));
}

async function createConversationWithTask(
  tx: AppDeps['db'],
  caller: Caller,
  title: string,
  description: string,
  now: Date,
): Promise<{ conversationId: string; taskId: string }> {
  const [conversation] = await tx
    .insert(conversations)
    .values({ ownerId: caller.id, title, participants: [caller.id, AGENT_RECIPIENT_ID], lastMessageAt: now, createdAt: now })
    .returning({ id: conversations.id });
  const conversationId = conversation!.id;
  const [task] = await tx
    .insert(tasks)
    .values({ title, description, status: 'PENDING_CLARIFICATION', userId: caller.id, conversationId, createdAt: now })
    .returning({ id: tasks.id });
  return { conversationId, taskId: task!.id };
}

function titleFrom(content: string, files: IncomingFile[]): string {
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
