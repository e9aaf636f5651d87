/**
 * The generic polling helper of docs/product.md "Entities": poll every 3 s, stretch the interval by 1.5 after every 3
 * polls that brought nothing new (up to 30 s), snap back on news, give each request 10 s, and stop
 * after 5 failures in a row. A pure state machine: the messages query (features/chat/api/get-messages.ts)
 * feeds it each fetch's outcome and polls at the interval it gives.
 */
export interface BackoffOptions {
  initialIntervalMs: number;
  maxIntervalMs: number;
  multiplier: number;
  quietPollsBeforeBackoff: number;
  maxConsecutiveErrors: number;
  requestTimeoutMs: number;
}

export const BACKOFF_DEFAULTS: BackoffOptions = {
  initialIntervalMs: 3000,
  maxIntervalMs: 30000,
  multiplier: 1.5,
  quietPollsBeforeBackoff: 3,
  maxConsecutiveErrors: 5,
  requestTimeoutMs: 10000,
};

export const POLLING_FAILED_MESSAGE = 'Polling failed after multiple retries.';

export interface BackoffState {
  intervalMs: number;
  quietPolls: number;
  consecutiveErrors: number;
  /** Set once polling has given up; the reason is `error`. */
  stopped: boolean;
  error: string | null;
}

export type PollOutcome = { ok: true; newItems: number } | { ok: false };

/** The state before the first poll. */
export function initialBackoffState(options: BackoffOptions = BACKOFF_DEFAULTS): BackoffState {
  return { intervalMs: options.initialIntervalMs, quietPolls: 0, consecutiveErrors: 0, stopped: false, error: null };
}

/**
 * The state after one poll: news resets it, 3 quiet polls stretch the interval ×1.5 (≤ 30 s), the
 * 5th failure in a row stops it with {@link POLLING_FAILED_MESSAGE}. Pure.
 */
export function nextBackoffState(state: BackoffState, outcome: PollOutcome, options: BackoffOptions = BACKOFF_DEFAULTS): BackoffState {
  if (state.stopped) return state;
  if (!outcome.ok) {
    const consecutiveErrors = state.consecutiveErrors + 1;
    return consecutiveErrors >= options.maxConsecutiveErrors
      ? { ...state, consecutiveErrors, stopped: true, error: POLLING_FAILED_MESSAGE }
      : { ...state, consecutiveErrors };
  }
  if (outcome.newItems > 0) return initialBackoffState(options);
  const quietPolls = state.quietPolls + 1;
  if (quietPolls < options.quietPollsBeforeBackoff) return { ...state, quietPolls, consecutiveErrors: 0 };
  return {
    ...state,
    quietPolls: 0,
    consecutiveErrors: 0,
    intervalMs: Math.min(Math.round(state.intervalMs * options.multiplier), options.maxIntervalMs),
  };
}
