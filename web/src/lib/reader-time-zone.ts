import { useCallback } from 'react';
import { formatTimestamp } from './format.ts';
import { usePaintedOr } from './painted.ts';

// Asked once: making a DateTimeFormat costs far more than formatting with one (each render asks for the zone).
let zone: string | undefined;
const readerTimeZone = () => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
// A page painted on the server shows its times in UTC, whatever the server's own zone.
const paintedTimeZone = () => 'UTC';

/**
 * `formatTimestamp` in the reader's time zone. A page painted on the server (the share page,
 * docs/decisions/097-share-page-painted-on-the-server.md) is painted and hydrated in UTC, so React takes the
 * painted text over as it is; right after, the times a reader elsewhere sees change to their own zone (one
 * small render of the components that show a time, instead of React drawing the whole page again over a
 * text that differs).
 * @returns a function of an ISO 8601 string, epoch milliseconds or a Date to text such as "Nov 22, 2026, 3:04 PM".
 */
export function useFormatTimestamp(): (value: string | number | Date) => string {
  const timeZone = usePaintedOr(readerTimeZone, paintedTimeZone);
  return useCallback((value: string | number | Date) => formatTimestamp(value, timeZone), [timeZone]);
}
