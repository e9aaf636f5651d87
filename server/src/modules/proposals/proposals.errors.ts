import { conflict, notFound, tooManyRequests } from '../../lib/errors.ts';

// Errors of proposal actions (docs/decisions/024-error-codes.md).

/** 404: the message is unknown, not the caller's, or not an agent's proposal. */
export const proposalNotFound = () => notFound('Proposal not found');

/** 409: a newer proposal replaced this one. */
export const proposalReplaced = () => conflict('This proposal was replaced by a newer one');

/** 409: asking to modify a proposal that is already accepted. */
export const proposalAlreadyAccepted = () => conflict('This proposal is already accepted');

/** 429: the caller accepted ACCEPTANCES_PER_USER_PER_DAY proposals in the last 24 hours; `retryAfterMs` until the earliest leaves the window. */
export const tooManyAcceptances = (retryAfterMs: number) =>
  tooManyRequests('You accepted many proposals today. Please try again later.', retryAfterMs);
