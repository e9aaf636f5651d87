import { AppError, badRequest } from '../../lib/errors.ts';

// The event streams' errors (docs/decisions/024-error-codes.md): each with its code, status and text.

/** 400: an event stream resumed from something that is not a sequence number. */
export const invalidLastEventId = () => badRequest('Last-Event-ID must be a message sequence number');

/**
 * 429 `rate_limited`: the caller already holds `limit` event streams on this instance
 * (EVENT_STREAMS_PER_CALLER); no `Retry-After`, a place frees when one of them closes.
 */
export const tooManyEventStreams = (limit: number) =>
  new AppError(
    'rate_limited',
    429,
    `You have ${limit} conversation event streams open already; close one (another tab or window) and try again.`,
  );
