import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from './api-client.ts';
import { waitText } from './wait-time.ts';

describe('waitText', () => {
  it('says seconds, minutes or hours, rounded up', () => {
    expect(waitText(1)).toBe('in 1 second');
    expect(waitText(45)).toBe('in 45 seconds');
    expect(waitText(90)).toBe('in 2 minutes');
    expect(waitText(61 * 60 + 1)).toBe('in 62 minutes');
    expect(waitText(3600 * 2)).toBe('in 2 hours');
    expect(waitText(5401)).toBe('in 2 hours');
  });

  it('says "later" when the server named no time', () => {
    expect(waitText(null)).toBe('later');
  });
});

describe('retryAfterSeconds', () => {
  it('reads whole seconds and HTTP dates', () => {
    expect(retryAfterSeconds('3600')).toBe(3600);
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(retryAfterSeconds('Sat, 28 Nov 2026 12:10:00 GMT', now)).toBe(600);
  });

  it('gives null for a missing or unreadable header', () => {
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});
