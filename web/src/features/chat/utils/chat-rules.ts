import { LIMITS } from '@unstuck/contract';
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
  guestLimit: "You've reached the 2-message limit for guest users. Please sign in to continue.",
  signedInLimit: 'You have reached the 10 message limit for this session. Please start a new conversation.',
} as const;

export interface SendFailure {
  /** The banner text. */
  message: string;
  /** Show the sign-in card (401: the guest limit). */
  promptSignIn: boolean;
  /** The server says this conversation is full (403 for a signed-in user). */
  limitReached: boolean;
  /** Sending the same again may work (a network failure or a server error): the banner offers Retry. */
  canRetry: boolean;
}

/** What the chat shows when sending failed (spec §4 "Page state", §5, §8 "Sending and fetching"). */
export function describeSendFailure(error: unknown, isSignedIn: boolean): SendFailure {
  const status = isApiError(error) ? error.status : 0;
  const detail = isApiError(error) ? error.detail : null;
  if (status === 401) {
    // A guest over the limit; a signed-in user here has a token the server no longer accepts.
    const message = isSignedIn ? (detail ?? CHAT_TEXTS.sendFailed) : CHAT_TEXTS.guestLimit;
    return { message, promptSignIn: true, limitReached: false, canRetry: false };
  }
  if (status === 403 && isSignedIn) return { message: CHAT_TEXTS.signedInLimit, promptSignIn: false, limitReached: true, canRetry: false };
  // Refused as sent (too big a file, a damaged archive): retrying cannot help, so say why.
  if ([400, 413, 422].includes(status) && detail) return { message: detail, promptSignIn: false, limitReached: false, canRetry: false };
  return { message: CHAT_TEXTS.sendFailed, promptSignIn: false, limitReached: false, canRetry: true };
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
