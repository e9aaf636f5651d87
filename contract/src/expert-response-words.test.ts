import { describe, expect, it } from 'vitest';
import { expertResponseText, readableDuration } from './expert-response-words.ts';

describe('readableDuration', () => {
  it('rounds up to whole minutes, hours under two days, then days', () => {
    expect([1, 45, 59, 60, 61, 180, 2879, 2880, 2881].map(readableDuration)).toEqual([
      '1 minute',
      '45 minutes',
      '59 minutes',
      '1 hour',
      '2 hours',
      '3 hours',
      '48 hours',
      '2 days',
      '3 days',
    ]);
  });

  it('makes the sentence of the expected reply', () => {
    expect(expertResponseText({ medianMinutes: 170, basis: 'measured', tasks: 9 })).toBe('An expert usually replies within 3 hours');
  });
});
