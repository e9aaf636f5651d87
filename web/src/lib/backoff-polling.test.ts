import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFF_DEFAULTS,
  initialBackoffState,
  nextBackoffState,
  POLLING_FAILED_MESSAGE,
  startBackoffPolling,
  type BackoffState,
  type PollOutcome,
} from './backoff-polling.ts';

const quiet: PollOutcome = { ok: true, newItems: 0 };
const news: PollOutcome = { ok: true, newItems: 2 };
const failure: PollOutcome = { ok: false };

function run(outcomes: PollOutcome[], from: BackoffState = initialBackoffState()): BackoffState {
  return outcomes.reduce((state, outcome) => nextBackoffState(state, outcome), from);
}

describe('backoff polling state', () => {
  it('starts polling every 3000 ms', () => {
    expect(initialBackoffState().intervalMs).toBe(3000);
  });

  it('keeps the interval for the first two quiet polls and stretches it by 1.5 on the third', () => {
    expect(run([quiet, quiet]).intervalMs).toBe(3000);
    expect(run([quiet, quiet, quiet]).intervalMs).toBe(4500);
    expect(run([quiet, quiet, quiet, quiet, quiet, quiet]).intervalMs).toBe(6750);
  });

  it('never waits longer than 30000 ms', () => {
    expect(run(Array<PollOutcome>(60).fill(quiet)).intervalMs).toBe(30000);
  });

  it('snaps back to 3000 ms as soon as a poll brings new messages', () => {
    const slowed = run(Array<PollOutcome>(9).fill(quiet));
    expect(slowed.intervalMs).toBeGreaterThan(3000);
    expect(nextBackoffState(slowed, news)).toEqual(initialBackoffState());
  });

  it('stops after 5 consecutive errors with "Polling failed after multiple retries."', () => {
    const four = run([failure, failure, failure, failure]);
    expect(four.stopped).toBe(false);
    const five = nextBackoffState(four, failure);
    expect(five).toMatchObject({ stopped: true, error: POLLING_FAILED_MESSAGE });
    expect(POLLING_FAILED_MESSAGE).toBe('Polling failed after multiple retries.');
  });

  it('forgives errors once a poll succeeds', () => {
    expect(run([failure, failure, failure, failure, quiet, failure]).stopped).toBe(false);
  });

  it('stays stopped whatever happens next', () => {
    const stopped = run(Array<PollOutcome>(5).fill(failure));
    expect(nextBackoffState(stopped, news)).toBe(stopped);
  });
});

describe('startBackoffPolling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls on the backoff schedule', async () => {
    const poll = vi.fn(async () => 0);
    const handle = startBackoffPolling({ poll });
    await vi.advanceTimersByTimeAsync(2999);
    expect(poll).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6000); // polls 2 and 3, the third quiet one stretches to 4500
    expect(poll).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4499);
    expect(poll).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(4);
    handle.stop();
    await vi.advanceTimersByTimeAsync(60000);
    expect(poll).toHaveBeenCalledTimes(4);
  });

  it('gives a request 10000 ms, counts a timeout as an error and aborts the request', async () => {
    const signals: AbortSignal[] = [];
    const poll = vi.fn((signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<number>(() => {}); // never answers
    });
    const states: BackoffState[] = [];
    startBackoffPolling({ poll, onState: (s) => states.push(s) });
    await vi.advanceTimersByTimeAsync(3000 + BACKOFF_DEFAULTS.requestTimeoutMs);
    expect(states).toHaveLength(1);
    expect(states[0]?.consecutiveErrors).toBe(1);
    expect(signals[0]?.aborted).toBe(true);
  });

  it('gives up after 5 failed polls in a row and says so once', async () => {
    const onGiveUp = vi.fn();
    const poll = vi.fn(async () => {
      throw new Error('offline');
    });
    startBackoffPolling({ poll, onGiveUp });
    await vi.advanceTimersByTimeAsync(3000 * 10);
    expect(poll).toHaveBeenCalledTimes(5);
    expect(onGiveUp).toHaveBeenCalledExactlyOnceWith('Polling failed after multiple retries.');
  });
});
