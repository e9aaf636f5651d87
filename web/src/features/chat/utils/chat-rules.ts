import { LIMIT_TEXTS, LIMITS, MAX_FILES_PER_MESSAGE } from '@unstuck/contract';
import { isApiError } from '../../../lib/api-client.ts';
import type { ChatMessage } from '../types.ts';

/** Spec §4 "Polling" and §9 (idle polling is the backoff helper's, lib/backoff-polling.ts). */
export const AGENT_POLL_MS = 2000;
export const MAX_AGENT_POLLS = 30;
/**
 * The chat page prompts a guest to sign in once this many messages were sent. The spec gives 1 and
 * 2 (§5); we use the server's limit of 2 so a guest can answer the first question (README "Deviations").
 */
export const GUEST_MESSAGES_BEFORE_PROMPT = LIMITS.guestMessages;

export const CHAT_TEXTS = {
  sendFailed: 'Failed to send message. Please try again.',
  agentTimeout: 'Agent response timed out. Please try sending your message again.',
  guestLimit: LIMIT_TEXTS.guestLimit,
  signedInLimit: LIMIT_TEXTS.signedInLimit,
} as const;

export interface SendFailure {
  /** The banner text. */
  message: string;
  /** Show the sign-in card (the guest limit, or a sign-in the server no longer accepts). */
  promptSignIn: boolean;
  /** The server says this conversation is full (`conversation_limit_reached`). */
  limitReached: boolean;
}

/**
 * What the chat shows when sending failed (spec §4 "Page state", §5, §8 "Sending and fetching"), by
 * the answer's error code (docs/decisions/027-error-codes.md).
 */
export function describeSendFailure(error: unknown): SendFailure {
  const code = isApiError(error) ? error.code : null;
  const detail = isApiError(error) ? error.detail : null;
  switch (code) {
    // A guest session over its limit, or one already handed over to an account: sign in to go on.
    case 'guest_limit_reached':
    case 'guest_session_handed_over':
      return { message: CHAT_TEXTS.guestLimit, promptSignIn: true, limitReached: false };
    // A token the server no longer accepts (signed out elsewhere, account deleted).
    case 'unauthenticated':
      return { message: detail ?? CHAT_TEXTS.sendFailed, promptSignIn: true, limitReached: false };
    case 'conversation_limit_reached':
      return { message: CHAT_TEXTS.signedInLimit, promptSignIn: false, limitReached: true };
    // Files the server refuses: retrying cannot help, so say why.
    case 'file_too_large':
    case 'archive_refused':
    case 'invalid_archive':
      return { message: detail ?? CHAT_TEXTS.sendFailed, promptSignIn: false, limitReached: false };
    default:
      return { message: CHAT_TEXTS.sendFailed, promptSignIn: false, limitReached: false };
  }
}

export type AgentWaitOutcome = 'replied' | 'timed_out' | 'waiting';

/**
 * After one more fetch while waiting for the agent: did it answer (the last message is an agent's
 * and not the one that was last when the wait began), has the wait run out of polls, or go on?
 */
export function agentWaitOutcome(messages: readonly ChatMessage[], baselineId: string | null, polls: number): AgentWaitOutcome {
  const last = messages.at(-1);
  if (last?.senderType === 'agent' && last.id !== baselineId) return 'replied';
  return polls >= MAX_AGENT_POLLS ? 'timed_out' : 'waiting';
}

/**
 * The files of one message that the server will take: at most MAX_FILES_PER_MESSAGE, each at most
 * 10 MB (spec §9). The others are skipped, each with spec §8's "Failed to upload file: {name} - {reason}".
 */
export function pickSendableFiles<T extends { file: { name: string; size: number } }>(
  files: readonly T[],
): { send: T[]; failures: string[] } {
  const send: T[] = [];
  const failures: string[] = [];
  for (const entry of files) {
    if (entry.file.size > LIMITS.attachmentBytes) failures.push(`Failed to upload file: ${entry.file.name} - ${LIMIT_TEXTS.fileTooLarge}`);
    else if (send.length >= MAX_FILES_PER_MESSAGE) failures.push(`Failed to upload file: ${entry.file.name} - ${LIMIT_TEXTS.tooManyFiles}`);
    else send.push(entry);
  }
  return { send, failures };
}
