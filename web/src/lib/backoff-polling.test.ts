import { describe, expect, it } from 'vitest';
import { initialBackoffState, nextBackoffState, POLLING_FAILED_MESSAGE, type BackoffState, type PollOutcome } from './backoff-polling.ts';

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
