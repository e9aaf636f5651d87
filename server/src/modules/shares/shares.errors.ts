import { SHARE_ERROR_TEXT } from '@unstuck/contract';
import { AppError, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';

// Errors of share links and their public pages (docs/decisions/024-error-codes.md).

/** 404 for an admin: no such access request. */
export const accessRequestNotFound = () => notFound('Access request not found');

/** 409: the access request was approved or declined already; it is answered once. */
export const accessRequestAnswered = () => conflict('This access request was already answered.');

/** 404 for an admin: no such share link. */
export const shareLinkNotFound = () => notFound('Share link not found');

/** 404 on a share page: the token is malformed or names no link (docs/product.md "Errors" "Share page"). */
export const sharedTaskNotFound = () => notFound(SHARE_ERROR_TEXT.notFound);

/** 403 `share_link_revoked`: an admin revoked the link; the page offers to request access (docs/product.md "Errors"). */
export const shareLinkRevoked = () => new AppError('share_link_revoked', 403, SHARE_ERROR_TEXT.inactive);

/** 410 `share_link_expired`: the link's time is over; the page offers to request access (docs/product.md "Errors"). */
export const shareLinkExpired = () => new AppError('share_link_expired', 410, SHARE_ERROR_TEXT.expired);

/** 429: this address tried SHARE_LINK_FAILURE_LIMIT wrong tokens; `retryAfterMs` until the window ends. */
export const tooManyWrongShareLinks = (retryAfterMs: number) =>
  tooManyRequests('Too many invalid share links from your address. Please wait and try again.', retryAfterMs);

/** 429: this address sent ACCESS_REQUEST_LIMIT access requests this hour. */
export const tooManyAccessRequests = (retryAfterMs: number) =>
  tooManyRequests('Too many access requests from your address. Please try again later.', retryAfterMs);
