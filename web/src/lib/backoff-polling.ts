/**
 * The generic polling helper of spec §4: poll every 3 s, stretch the interval by 1.5 after every 3
 * polls that brought nothing new (up to 30 s), snap back on news, give each request 10 s, and stop
 * after 5 failures in a row. The state machine is pure; `startBackoffPolling` drives it with timers.
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

export function initialBackoffState(options: BackoffOptions = BACKOFF_DEFAULTS): BackoffState {
  return { intervalMs: options.initialIntervalMs, quietPolls: 0, consecutiveErrors: 0, stopped: false, error: null };
}

export function nextBackoffState(
  state: BackoffState,
  outcome: PollOutcome,
  options: BackoffOptions = BACKOFF_DEFAULTS,
): BackoffState {
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

export interface BackoffPollingHandle {
  stop(): void;
}

export interface StartBackoffPollingInput {
  /** One poll; resolves to how many new items it brought. Must honour the abort signal. */
  poll: (signal: AbortSignal) => Promise<number>;
  /** Called once when polling gives up after too many errors. */
  onGiveUp?: (message: string) => void;
  /** Called after every poll with the new state (for display or tests). */
  onState?: (state: BackoffState) => void;
  options?: Partial<BackoffOptions>;
}

export function startBackoffPolling(input: StartBackoffPollingInput): BackoffPollingHandle {
  const options = { ...BACKOFF_DEFAULTS, ...input.options };
  let state = initialBackoffState(options);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let stopped = false;

  const schedule = () => {
    if (!stopped) timer = setTimeout(tick, state.intervalMs);
  };

  const tick = async () => {
    const current = new AbortController();
    controller = current;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    // Race the timeout too, so a poll that ignores its signal cannot stall the loop.
    const timedOut = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => {
        current.abort(new Error('Polling request timed out'));
        reject(new Error('Polling request timed out'));
      }, options.requestTimeoutMs);
    });
    let outcome: PollOutcome;
    try {
      outcome = { ok: true, newItems: await Promise.race([input.poll(current.signal), timedOut]) };
    } catch {
      outcome = { ok: false };
    } finally {
      clearTimeout(timeout);
    }
    if (stopped) return;
    state = nextBackoffState(state, outcome, options);
    input.onState?.(state);
    if (state.stopped) {
      stopped = true;
      input.onGiveUp?.(state.error ?? POLLING_FAILED_MESSAGE);
      return;
    }
    schedule();
  };

  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      controller?.abort(new Error('Polling stopped'));
    },
  };
}
