// Words of the expected first reply, without zod: the chat (the home page's first view) shows them.
import type { ExpertResponse } from './site.ts';

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A duration of whole minutes as people read a promise, rounded up so it stays true: "45 minutes"
 * under an hour, "3 hours" under two days, else "2 days".
 */
export function readableDuration(minutes: number): string {
  if (minutes < MINUTES_PER_HOUR) return plural(Math.max(1, Math.ceil(minutes)), 'minute');
  if (minutes < 2 * MINUTES_PER_DAY) return plural(Math.ceil(minutes / MINUTES_PER_HOUR), 'hour');
  return plural(Math.ceil(minutes / MINUTES_PER_DAY), 'day');
}

/** The sentence shown before and after acceptance, e.g. "An expert usually replies within 3 hours". */
export const expertResponseText = (response: ExpertResponse) =>
  `An expert usually replies within ${readableDuration(response.medianMinutes)}`;
