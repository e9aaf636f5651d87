import { describe, expect, it } from 'vitest';
import { formatFileSize, formatTimestamp } from './format.ts';

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

describe('formatFileSize', () => {
  it('shows bytes under 1 KB, KB as bytes / 1024 with one decimal, and MB from 1 MB', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(1500)).toBe('1.5 KB');
    expect(formatFileSize(11 * 1024 * 1024)).toBe('11.0 MB');
  });
});
