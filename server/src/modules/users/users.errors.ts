import { forbidden, notFound, unauthorized } from '../../lib/errors.ts';

// Errors about people's accounts (docs/decisions/024-error-codes.md).

/** 404: no such user, or a guest where a signed-in account is meant. */
export const userNotFound = () => notFound('User not found');

/** 401: the caller's token is valid but their account was deleted meanwhile. */
export const accountGone = () => unauthorized('This account no longer exists; sign in again');

/** 403: a profile update that names somebody else's id. */
export const notYourProfile = () => forbidden('You can only update your own profile');
