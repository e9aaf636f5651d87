/**
 * How long to wait, in words, for a refusal's `Retry-After` ("in 45 seconds", "in 12 minutes", "in
 * 1 hour"), rounded up so that trying at the time said works; "later" when the server named no time.
 * Pure.
 */
export function waitText(seconds: number | null): string {
  if (seconds === null) return 'later';
  const count = (n: number, unit: string) => `in ${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 90) return count(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 90 * 60) return count(Math.ceil(seconds / 60), 'minute');
  return count(Math.ceil(seconds / 3600), 'hour');
}
