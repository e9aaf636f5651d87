import { ADMIN_ACCESS_DENIED, EXPERT_ACCESS_DENIED } from '@unstuck/contract';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';

// Errors of identification, sign-in and guest hand-over (docs/decisions/024-error-codes.md).

/** 401: an Authorization header that is not `Bearer <token>`. */
export const malformedAuthorization = () => unauthorized('Authorization header must be "Bearer <token>"');

/** 401: a token that is forged, expired, from an ended session or replaced by a refresh. */
export const invalidToken = () => unauthorized('Invalid or expired token');

/** 400: an x-guest-session-id that is not `guest-…`; `detail` is the schema's reason when there is one. */
export const invalidGuestSessionId = (reason?: string) => badRequest(reason ?? 'Invalid x-guest-session-id');

/** 401: a sign-in code that is unknown, used, expired or exchanged from another browser. */
export const invalidSignInCode = () =>
  unauthorized('This sign-in code is invalid, used, expired or was issued to another browser; sign in again');

/** 429 on sign-in calls over SIGN_IN_RATE_LIMIT a minute (the rate-limit plugin adds `Retry-After`); docs/product.md "Errors" text. */
export const tooManySignIns = () => new AppError('rate_limited', 429, 'Too many sign-in attempts. Please wait a moment and try again.');

/** 503 while the embedded development provider is still starting. */
export const signInStarting = () => new AppError('service_unavailable', 503, 'The development sign-in is starting; try again in a moment');

/** 403 `admin_required`: an admin call by a signed-in non-admin (docs/product.md "Errors" "Admin"). */
export const adminRequired = () => new AppError('admin_required', 403, ADMIN_ACCESS_DENIED);

/** 403 `expert_required`: an expert-queue call by someone who is neither expert nor admin. */
export const expertRequired = () => new AppError('expert_required', 403, EXPERT_ACCESS_DENIED);

/** 401: the guest hand-over needs a signed-in caller as well as the guest header. */
export const handoverNeedsSignIn = () =>
  unauthorized('Sign in first: this call needs a Bearer token as well as the x-guest-session-id header');

/** 400: the guest hand-over without the guest header. */
export const handoverNeedsGuestId = () => badRequest('x-guest-session-id is required: it names the guest session to take over');

/**
 * 401 `guest_session_handed_over`: a send or upload with a guest session whose data went to an
 * account at sign-in; its text is the spec's "Authentication required", as for the guest limit.
 */
export const guestSessionSpent = () => new AppError('guest_session_handed_over', 401, 'Authentication required');

/** 409 `guest_session_handed_over`: the guest session was already handed over to another account. */
export const guestSessionTakenByOther = () =>
  new AppError('guest_session_handed_over', 409, 'This guest session was already handed over to another account');
