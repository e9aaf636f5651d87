import { displayName, identityProviderIdSchema, type AdminUser } from '@unstuck/contract';
import type { UserRow } from './users.repository.ts';
import { guestName } from './participant-ids.ts';

/**
 * Whether a stored user is an admin (docs/product.md "Roles"): a signed-in user whose role is admin, or whose email
 * is in ADMIN_EMAILS (case-insensitive) and was verified by the provider: an unverified email is
 * only what somebody typed. Guests never are.
 */
export function isAdminAccount(user: UserRow, adminEmails: readonly string[]): boolean {
  if (user.isGuest || user.role === 'guest') return false;
  const listed = user.emailVerified && user.email !== null && adminEmails.includes(user.email.toLowerCase());
  return user.role === 'admin' || listed;
}

/**
 * Whether a stored user may work on tasks (take them, be given them, hold them): an expert or an admin
 * now (docs/product.md "Roles"). Guests never may.
 */
export const mayWorkOnTasks = (user: UserRow, adminEmails: readonly string[]): boolean =>
  !user.isGuest && (user.isExpert || isAdminAccount(user, adminEmails));

/** The name staff see for a person: a guest's placeholder, else the display-name rule of docs/product.md "Entities". */
export const personName = (user: UserRow) => (user.isGuest ? guestName(user.participantId) : displayName(user.name, user.email));

/** The id staff see for a person: a guest's participant id (its own id is its credential), else the user id. */
export const personId = (user: UserRow) => (user.isGuest ? user.participantId : user.id);

/**
 * A user as the admin area lists them: guests by their participant id
 * (uid and session id), the placeholder name and email "Guest User"; the role admin for anyone the
 * admin rule admits.
 */
export function toAdminUser(user: UserRow, adminEmails: readonly string[]): AdminUser {
  if (user.isGuest) {
    return {
      uid: user.participantId,
      name: guestName(user.participantId),
      email: 'Guest User',
      role: 'guest',
      isExpert: false,
      isGuest: true,
      sessionId: user.participantId,
      lastLogin: user.lastLogin?.toISOString() ?? null,
      provider: null,
    };
  }
  const provider = identityProviderIdSchema.safeParse(user.identityProvider);
  return {
    uid: user.id,
    name: personName(user),
    email: user.email,
    role: isAdminAccount(user, adminEmails) ? 'admin' : 'user',
    isExpert: user.isExpert,
    isGuest: false,
    sessionId: null,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    provider: provider.success ? provider.data : null,
  };
}
