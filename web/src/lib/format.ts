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
 * A message time in US format, e.g. "Nov 22, 2026, 3:04 PM" (docs/product.md "Screens"). Intl may put a narrow
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

const KB = 1024;
const MB = 1024 * KB;

/**
 * A file size as people read it: under 1 KB in bytes ("512 B"), under 1 MB in KB with one decimal,
 * bytes / 1024 as docs/product.md "Limits" "Attachment size display" gives it ("2.0 KB"), above in MB ("11.0 MB").
 * README "Deviations": the spec's KB alone read "0.0 KB" for a small file and "11264.0 KB" for a large one.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / KB).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
