import { LIMIT_TEXTS, LIMITS } from '@unstuck/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { waitText } from '../../../lib/wait-time.ts';
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
  signInAgain: 'Your sign-in has ended. Please sign in again to send your message.',
  conversationGone: 'This conversation is no longer available. Start a new chat to send your message.',
  /** Above the composer while a guest can send one more message before signing in. */
  guestLastMessage: '1 message left before signing in',
  /** Beside Send while the sign-in card waits for a guest at the limit. */
  signInToSend: 'Sign in to send your message: it waits here.',
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

/** A refusal that says what to do instead of sending the same again. */
const refusal = (message: string, promptSignIn = false): SendFailure => ({ message, promptSignIn, limitReached: false, canRetry: false });

/**
 * What the chat shows when sending failed (docs/product.md "Page states and sending", "Limits in the chat", "Error texts"), by
 * the answer's error code (docs/decisions/024-error-codes.md): every refusal the server explained says
 * what helps (sign in, wait until the time its `Retry-After` names, start a new conversation, send
 * other files); "Failed to send message. Please try again." is left for failures nobody explained.
 */
export function describeSendFailure(error: unknown): SendFailure {
  if (!isApiError(error)) return { message: CHAT_TEXTS.sendFailed, promptSignIn: false, limitReached: false, canRetry: true };
  const { code, detail } = error;
  const wait = waitText(error.retryAfterSeconds);
  switch (code) {
    // A guest session over its limit, or one already handed over to an account: sign in to go on.
    case 'guest_limit_reached':
    case 'guest_session_handed_over':
      return refusal(CHAT_TEXTS.guestLimit, true);
    // A token the server no longer accepts (signed out elsewhere, account deleted).
    case 'unauthenticated':
      return refusal(detail ?? CHAT_TEXTS.signInAgain, true);
    case 'conversation_limit_reached':
      return { ...refusal(CHAT_TEXTS.signedInLimit), limitReached: true };
    // Per-address allowances (a shared office network reaches them together): only the guest one lifts on signing in.
    case 'guest_session_allowance_used':
      return refusal(
        `Too many guest chats were started from your network this hour. Sign in to keep going now, or try again ${wait}.`,
        true,
      );
    case 'message_allowance_used':
      return refusal(`Too many messages were sent from your network this hour. Your message is kept: please send it again ${wait}.`);
    case 'upload_allowance_used':
      return refusal(`Too many files were uploaded from your network this hour. Send your message without files, or try again ${wait}.`);
    case 'service_unavailable':
    case 'rate_limited':
      return { ...refusal(`The server is busy right now. Your message is kept: please send it again ${wait}.`), canRetry: true };
    case 'not_found':
      return refusal(CHAT_TEXTS.conversationGone);
    default:
      // A server error may pass when the same is sent again; a refusal with a reason is shown as given.
      if (error.status >= 500 || detail === null) {
        return { message: CHAT_TEXTS.sendFailed, promptSignIn: false, limitReached: false, canRetry: error.status >= 500 };
      }
      return refusal(detail);
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
