import { LIMIT_TEXTS, LIMITS } from '@unstuck/contract';
import { isApiError } from '../../../lib/api-client.ts';
import type { ChatMessage } from '../types.ts';

/** docs/product.md "Entities" "Polling" and "Limits" (idle polling is the backoff helper's, lib/backoff-polling.ts). */
export const AGENT_POLL_MS = 2000;
export const MAX_AGENT_POLLS = 30;
/**
 * The chat page prompts a guest to sign in once this many messages were sent. The spec gives 1 and
 * 2 ("Validation"); we use the server's limit of 2 so a guest can answer the first question (README "Deviations").
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
  /** Sending the same again may work (a network failure or a server error): the banner offers Retry. */
  canRetry: boolean;
}

/**
 * What the chat shows when sending failed (docs/product.md "Entities" "Page state", "Validation", "Errors" "Sending and fetching"), by
 * the answer's error code (docs/decisions/024-error-codes.md).
 */
export function describeSendFailure(error: unknown): SendFailure {
  const code = isApiError(error) ? error.code : null;
  const detail = isApiError(error) ? error.detail : null;
  switch (code) {
    // A guest session over its limit, or one already handed over to an account: sign in to go on.
    case 'guest_limit_reached':
    case 'guest_session_handed_over':
      return { message: CHAT_TEXTS.guestLimit, promptSignIn: true, limitReached: false, canRetry: false };
    // A token the server no longer accepts (signed out elsewhere, account deleted).
    case 'unauthenticated':
      return { message: detail ?? CHAT_TEXTS.sendFailed, promptSignIn: true, limitReached: false, canRetry: false };
    case 'conversation_limit_reached':
      return { message: CHAT_TEXTS.signedInLimit, promptSignIn: false, limitReached: true, canRetry: false };
    // Files the server refuses: retrying cannot help, so say why.
    case 'file_too_large':
    case 'archive_refused':
    case 'invalid_archive':
      return { message: detail ?? CHAT_TEXTS.sendFailed, promptSignIn: false, limitReached: false, canRetry: false };
    // Only a network failure or a server error may pass when the same is sent again.
    default:
      return {
        message: CHAT_TEXTS.sendFailed,
        promptSignIn: false,
        limitReached: false,
        canRetry: !isApiError(error) || error.status >= 500,
      };
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
