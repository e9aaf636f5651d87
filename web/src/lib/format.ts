const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    });
    formatters.set(key, found);
  }
  return found;
}

/**
 * A message time in US format, e.g. "Nov 22, 2026, 3:04 PM" (spec §2). Intl may put a narrow
 * no-break space before AM/PM; it is turned into a plain space so the text reads and copies the same
 * everywhere. Returns "" for an unreadable date.
 */
export function formatTimestamp(value: string | number | Date, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(timeZone)
    .format(date)
    .replace(/\u202f/g, ' ');
}

/** A size in bytes as KB with one decimal, bytes / 1024 (spec §9 "Attachment size display"): 2048 → "2.0 KB". */
export const formatKilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
