import { describe, expect, it } from 'vitest';
import { formatKilobytes, formatTimestamp } from './format.ts';

describe('formatTimestamp', () => {
  it('shows a short month, day, year and 12-hour time', () => {
    expect(formatTimestamp('2026-11-22T15:04:00Z', 'UTC')).toBe('Nov 22, 2026, 3:04 PM');
  });

  it('shows morning times with AM and minutes padded to two digits', () => {
    expect(formatTimestamp('2026-01-05T00:07:00Z', 'UTC')).toBe('Jan 5, 2026, 12:07 AM');
  });

  it('uses the given time zone', () => {
    expect(formatTimestamp('2026-11-22T15:04:00Z', 'America/New_York')).toBe('Nov 22, 2026, 10:04 AM');
  });

  it('returns an empty text for an unreadable date', () => {
    expect(formatTimestamp('not a date')).toBe('');
  });
});

describe('formatKilobytes', () => {
  it('shows bytes / 1024 with one decimal', () => {
    expect(formatKilobytes(2048)).toBe('2.0 KB');
    expect(formatKilobytes(1500)).toBe('1.5 KB');
    expect(formatKilobytes(0)).toBe('0.0 KB');
  });
});
