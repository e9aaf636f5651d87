import { describe, expect, it } from 'vitest';
import { streamRetryDelay } from './conversation-events.ts';

describe('streamRetryDelay', () => {
  it('waits 1 s after the first failure, twice as long after each further one, never more than 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(streamRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});
