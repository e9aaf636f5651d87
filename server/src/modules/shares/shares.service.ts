import { createHash, randomBytes } from 'node:crypto';
import {
  type AccessRequest,
  type AccessRequestBody,
  type CreateShareResponse,
  type Message,
  type ShareLink,
  type SharedMessage,
  type ShareResponse,
  sharedEventLine,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { clientAddressKey } from '../../lib/client-address.ts';
import { countHit, readCount } from '../../lib/rate-limit-store.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { listConversationMessages } from '../chat/chat.service.ts';
import { toMessageView } from '../chat/message-view.ts';
import { fileNotFound } from '../files/files.errors.ts';
import { taskNotFound } from '../tasks/tasks.errors.ts';
import { findTask, type TaskRow } from '../tasks/tasks.service.ts';
import { publicIdOf } from '../users/participant-ids.ts';
import {
  decideAccessRequest,
  findAccessRequest,
  findShareByTokenHash,
  insertAccessRequest,
  insertShare,
  listAccessRequests,
  listSharesOfTask,
  revokeShare,
  type ShareRow,
} from './shares.repository.ts';
import {
  accessRequestAnswered,
  accessRequestNotFound,
  shareLinkExpired,
  shareLinkNotFound,
  shareLinkRevoked,
  sharedTaskNotFound,
  tooManyAccessRequests,
  tooManyWrongShareLinks,
} from './shares.errors.ts';
import { readSharedFile, shareScopedFiles } from './shared-files.ts';

// For other modules: the repository is theirs to call only through this service (eslint.config.js).
export { countAccessRequestsByTask } from './shares.repository.ts';

type ShareDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** 256 random bits, base64url: 43 characters (the issue asks for at least 128 bits). */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The window in which wrong tokens from one address are counted (SHARE_LINK_FAILURE_LIMIT of them). */
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The window of ACCESS_REQUEST_LIMIT access requests per address. */
const ACCESS_REQUEST_WINDOW_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

// Only the hash is stored: a leaked row does not open the page. 256 random bits need no slow hash.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link's state at `now` (docs/product.md "Share link": active, expired, or inactive once revoked). */
function stateOf(share: ShareRow, now: Date): ShareLink['status'] {
  if (share.revokedAt) return 'revoked';
  return share.expiresAt <= now ? 'expired' : 'active';
}

function toShareLink(share: ShareRow, now: Date): ShareLink {
  return {
    id: share.id,
    task_id: share.taskId,
    status: stateOf(share, now),
    created_at: share.createdAt.toISOString(),
    expires_at: share.expiresAt.toISOString(),
    revoked_at: share.revokedAt?.toISOString() ?? null,
    created_by: share.createdBy,
  };
}

/**
 * Creates a share link for a task (docs/product.md "Calls" `POST /api/admin/tasks/{id}/share`), recorded in the audit log.
 * @param expiryHours lifetime in hours (docs/product.md "Limits": 24 by default).
 * @param origin where the app is reached, for the absolute link.
 * @returns the token (shown this once), the `/task-share/{token}` link and the expiry.
 * @throws AppError 404 for an unknown task.
 */
export async function createShareLink(
  deps: ShareDeps,
  actor: AuditActor,
  input: { taskId: string; expiryHours: number; origin: string },
): Promise<CreateShareResponse> {
  return deps.db.transaction((tx) => makeShareLink(tx, actor, input, deps.clock.now()));
}

/** {@link createShareLink} in the caller's transaction `tx`, at `now`. */
async function makeShareLink(
  tx: Db,
  actor: AuditActor,
  input: { taskId: string; expiryHours: number; origin: string },
  now: Date,
): Promise<CreateShareResponse> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + input.expiryHours * HOUR_MS);
  if (!(await findTask(tx, input.taskId))) throw taskNotFound();
  const share = await insertShare(tx, {
    taskId: input.taskId,
    tokenHash: hashToken(token),
    createdBy: actor.id,
    createdAt: now,
    expiresAt,
  });
  await recordAudit(
    tx,
    actor,
    {
      action: 'share_link.create',
      targetType: 'task',
      targetId: input.taskId,
      details: { shareId: share.id, expiresAt: expiresAt.toISOString() },
    },
    now,
  );
  return {
    id: share.id,
    share_token: token,
    token,
    share_url: `${input.origin}/task-share/${token}`,
    expires_at: share.expiresAt.toISOString(),
    expiry_hours: input.expiryHours,
  };
}

/**
 * A task's share links with their state now.
 * @throws AppError 404 for an unknown task.
 */
export async function listShareLinks(deps: ShareDeps, taskId: string): Promise<ShareLink[]> {
  if (!(await findTask(deps.db, taskId))) throw taskNotFound();
  const now = deps.clock.now();
  return (await listSharesOfTask(deps.db, taskId)).map((share) => toShareLink(share, now));
}

/**
 * Revokes a share link: its page answers 403 "no longer active" from now on.
 * @throws AppError 404 for an unknown link.
 */
export async function revokeShareLink(deps: ShareDeps, actor: AuditActor, shareId: string): Promise<ShareLink> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const share = await revokeShare(tx, shareId, now);
    if (!share) throw shareLinkNotFound();
    await recordAudit(tx, actor, { action: 'share_link.revoke', targetType: 'task', targetId: share.taskId, details: { shareId } }, now);
    return toShareLink(share, now);
  });
}

/**
 * Finds the share link a token names, counting wrong tokens per address: after
 * SHARE_LINK_FAILURE_LIMIT of them in 15 minutes, every share call from it answers 429 until the
 * window ends, so tokens cannot be tried in bulk.
 * @returns the link (in any state) and its task.
 * @throws AppError 429 when the address is blocked, 404 for a malformed or unknown token (the same
 *   answer for both: the format says nothing about existence).
 */
async function findShare(deps: ShareDeps, token: string, address: string): Promise<{ share: ShareRow; task: TaskRow }> {
  const key = `share-miss:${clientAddressKey(address, deps.config.CLIENT_IPV6_PREFIX_LENGTH)}`;
  const failures = await readCount(deps.db, key);
  if (failures && failures.count >= deps.config.SHARE_LINK_FAILURE_LIMIT) {
    throw tooManyWrongShareLinks(failures.ttlMs);
  }
  const share = TOKEN_PATTERN.test(token) ? await findShareByTokenHash(deps.db, hashToken(token)) : null;
  const task = share ? await findTask(deps.db, share.taskId) : null;
  if (!share || !task) {
    await countHit(deps.db, key, FAILURE_WINDOW_MS);
    throw sharedTaskNotFound();
  }
  return { share, task };
}

/**
 * Finds a share link that may be used now.
 * @throws AppError 404 unknown or malformed, 403 `share_link_revoked` ("no longer active"), 410 `share_link_expired`
 *   (docs/product.md "Entities", "Errors"), 429 blocked address.
 */
async function findUsableShare(deps: ShareDeps, token: string, address: string) {
  const found = await findShare(deps, token, address);
  const state = stateOf(found.share, deps.clock.now());
  if (state === 'revoked') throw shareLinkRevoked();
  if (state === 'expired') throw shareLinkExpired();
  return found;
}

/**
 * A stable pseudonym of the customer: the same for all their tasks, and not their id. Made from the id
 * others may see (a guest's participant id), so it says nothing about a guest's credential.
 */
const referenceId = (publicId: string) => `C-${createHash('sha256').update(publicId).digest('hex').slice(0, 8).toUpperCase()}`;

/**
 * A message as the public page shows it, field by field (the contract's allowlist): senders by role only
 * (the page shows guests and users as "User", agents by the AI's name), since a guest's id is its session
 * credential and a signed-in customer's id names them. Event lines name people by role too: their text is
 * built from the line's event ({@link sharedEventLine}), not the customer's stored line, which names the expert.
 */
function toSharedMessage(message: Message): SharedMessage {
  return {
    id: message.id,
    sender_id: message.sender_role === 'agent' ? message.sender_id : message.sender_role,
    sender_role: message.sender_role,
    content: message.metadata.event ? sharedEventLine(message.metadata.event) : message.content,
    created_at: message.created_at,
    attachments: message.attachments,
  };
}

/**
 * `GET /api/task-share/{token}` (docs/product.md "Entities" "Share response"): the task without anything that names the
 * customer, a client reference, the conversation as the customer saw it (staff notes stripped, only the
 * fields of {@link toSharedMessage}), and the link's dates. Attachments are reached through the link (see shared-files.ts).
 * @param address the caller's IP address, for the wrong-token limit.
 * @throws AppError 404, 403, 410 or 429 as {@link findUsableShare}.
 */
export async function openSharedTask(deps: ShareDeps, token: string, address: string): Promise<ShareResponse> {
  const { share, task } = await findUsableShare(deps, token, address);
  const scopeFiles = await shareScopedFiles(deps, token, task.conversationId);
  const rows = await listConversationMessages(deps.db, task.conversationId);
  return {
    task: {
      id: task.id,
      title: task.title,
      status: task.status,
      createdAt: task.createdAt.toISOString(),
      endUserAcceptedTask: task.endUserAcceptedTask,
      description: task.description,
      clarifiedScope: task.clarifiedScope,
      jobSummaryForEngineer: task.jobSummaryForEngineer,
      code_analysis: task.codeAnalysis ?? null,
      code_analysis_state: task.codeAnalysisState ?? null,
      code_analysis_failure: task.codeAnalysisFailure ?? null,
    },
    client: { reference_id: referenceId(await publicIdOf(deps.db, task.userId)), task_type: task.taskType },
    conversation_messages: rows.map((row) => toSharedMessage(scopeFiles(toMessageView(row, 'client')))),
    share_info: { created_at: share.createdAt.toISOString(), expires_at: share.expiresAt.toISOString() },
  };
}

/**
 * An attachment of a shared conversation, by its position (see shared-files.ts), while the link is valid.
 * @throws AppError as {@link openSharedTask}, or 404 when there is no such file.
 */
export async function openSharedFile(deps: ShareDeps & Pick<AppDeps, 'storage'>, token: string, index: number, address: string) {
  const { task } = await findUsableShare(deps, token, address);
  const file = await readSharedFile(deps, task.conversationId, index);
  if (!file) throw fileNotFound();
  return file;
}

/**
 * Stores a request for access from a share page (docs/product.md "Calls" `POST /api/task-share/{token}/request-access`),
 * for the admins to read, and queues the admins' emails in the same transaction. Any link that exists
 * may be asked about, in whatever state.
 * @throws AppError 404 unknown token, 429 over ACCESS_REQUEST_LIMIT requests an hour from one address.
 */
export async function requestShareAccess(
  deps: ShareDeps & Pick<AppDeps, 'emails'>,
  token: string,
  body: AccessRequestBody,
  address: string,
): Promise<void> {
  const { share } = await findShare(deps, token, address);
  const sent = await countHit(
    deps.db,
    `share-access:${clientAddressKey(address, deps.config.CLIENT_IPV6_PREFIX_LENGTH)}`,
    ACCESS_REQUEST_WINDOW_MS,
  );
  if (sent.count > deps.config.ACCESS_REQUEST_LIMIT) {
    throw tooManyAccessRequests(sent.ttlMs);
  }
  await deps.db.transaction(async (tx) => {
    const id = await insertAccessRequest(tx, { shareId: share.id, ...body, createdAt: deps.clock.now() });
    await deps.emails.enqueue({ type: 'access_requested', accessRequestId: id }, tx);
  });
  deps.emails.wake();
}

type AccessRequestRow = Awaited<ReturnType<typeof listAccessRequests>>[number];

function toAccessRequest({ request, taskId, taskTitle }: AccessRequestRow): AccessRequest {
  return {
    id: request.id,
    share_id: request.shareId,
    task_id: taskId,
    task_title: taskTitle,
    name: request.name,
    email: request.email,
    message: request.message,
    created_at: request.createdAt.toISOString(),
    status: request.status,
    decided_at: request.decidedAt?.toISOString() ?? null,
  };
}

/** `GET /api/admin/access-requests`: every request, or one task's, newest first. */
export async function listShareAccessRequests(deps: ShareDeps, taskId?: string): Promise<AccessRequest[]> {
  return (await listAccessRequests(deps.db, taskId)).map(toAccessRequest);
}

/**
 * An admin's answer to a pending access request, in one transaction with its audit entry and the
 * requester's email (queued through the email module: docs/product.md "Access request"). Approving makes a
 * new share link of the request's task ({@link createShareLink}, `expiryHours` long, reached at
 * `origin`) and emails it; declining emails a short note.
 * @returns the request as answered.
 * @throws AppError 404 for an unknown request, 409 when it was answered already.
 */
export async function answerAccessRequest(
  deps: ShareDeps & Pick<AppDeps, 'emails'>,
  actor: AuditActor,
  id: string,
  answer: { status: 'approved'; expiryHours: number; origin: string } | { status: 'declined' },
): Promise<AccessRequest> {
  const now = deps.clock.now();
  const answered = await deps.db.transaction(async (tx) => {
    const found = await findAccessRequest(tx, id);
    if (!found) throw accessRequestNotFound();
    if (!(await decideAccessRequest(tx, { id, status: answer.status, decidedBy: actor.id, decidedAt: now }))) {
      throw accessRequestAnswered();
    }
    const action = answer.status === 'approved' ? 'access_request.approve' : 'access_request.decline';
    await recordAudit(tx, actor, { action, targetType: 'task', targetId: found.taskId, details: { accessRequestId: id } }, now);
    if (answer.status === 'approved') {
      const link = await makeShareLink(tx, actor, { taskId: found.taskId, expiryHours: answer.expiryHours, origin: answer.origin }, now);
      await deps.emails.enqueue({ type: 'access_approved', accessRequestId: id, shareUrl: link.share_url, expiresAt: link.expires_at }, tx);
    } else {
      await deps.emails.enqueue({ type: 'access_declined', accessRequestId: id }, tx);
    }
    return (await findAccessRequest(tx, id))!;
  });
  deps.emails.wake();
  return toAccessRequest(answered);
}
