import { describe, expect, it } from 'vitest';
import { refreshDelayMs } from './refresh-schedule.ts';

describe('refreshDelayMs', () => {
  it('renews an hour-long token five minutes before it expires', () => {
    expect(refreshDelayMs({ issuedAt: 1000, expiresAt: 4600 }, 1000 * 1000)).toBe(3300 * 1000);
  });

  it('renews a short-lived token a quarter of its life before it expires', () => {
    expect(refreshDelayMs({ issuedAt: 0, expiresAt: 120 }, 0)).toBe(90 * 1000);
  });

  it('renews at once when that moment has passed, and never a token without expiry', () => {
    expect(refreshDelayMs({ issuedAt: 0, expiresAt: 3600 }, 3500 * 1000)).toBe(0);
    expect(refreshDelayMs({ issuedAt: null, expiresAt: null }, 0)).toBeNull();
  });
});
