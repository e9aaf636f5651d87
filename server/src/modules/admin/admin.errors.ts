import { badRequest, conflict } from '../../lib/errors.ts';

// Errors of the admin area's actions on people (docs/decisions/024-error-codes.md).

/** 400: guests cannot be made experts before they sign in. */
export const guestCannotBeExpert = () => badRequest('A guest cannot be an expert; they must sign in first');

/** 400: a guest signed in with no identity provider, so there is nothing to refresh. */
export const guestHasNoProviderData = () => badRequest('Guests have no identity provider data to refresh');

/** 400: a refresh for a provider the user does not sign in with; `current` is theirs when known. */
export const notUsersProvider = (provider: string, current: string | null) =>
  badRequest(`This user does not sign in with "${provider}"${current ? `; they use "${current}"` : ''}`);

/** 409: nothing from the provider was kept for this user yet (it is from their next sign-in). */
export const nothingStoredFromProvider = (provider: string) =>
  conflict(`Nothing from ${provider} is stored for this user yet; it is kept from their next sign-in`);

/** 400: an admin deleting their own account. */
export const cannotDeleteSelf = () => badRequest('You cannot delete your own account');
