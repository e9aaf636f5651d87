import { displayName, identityProviderIdSchema, type AdminUser } from '@unstuck/contract';
import type { UserRow } from './users.repository.ts';
import { isAdminAccount } from '../auth/session.service.ts';

const GUEST_PREFIX = 'guest-';

/** A guest's placeholder name: "Guest" plus 6 characters of its id (spec §3, §9). */
export const guestName = (id: string) => `Guest ${id.slice(GUEST_PREFIX.length, GUEST_PREFIX.length + 6)}`;

/** The name staff see for a person: a guest's placeholder, else the display-name rule of spec §3. */
export const personName = (user: UserRow) => (user.isGuest ? guestName(user.id) : displayName(user.name, user.email));

/**
 * A user as the admin area lists them (spec §3 "User (admin view)"): guests with their session id,
 * the placeholder name and email "Guest User"; the role admin for anyone the admin rule admits.
 */
export function toAdminUser(user: UserRow, adminEmails: readonly string[]): AdminUser {
  if (user.isGuest) {
    return {
      uid: user.id,
      name: guestName(user.id),
      email: 'Guest User',
      role: 'guest',
      isExpert: false,
      isGuest: true,
      sessionId: user.id,
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
