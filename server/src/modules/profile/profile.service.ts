import { availabilitySchema, type profileUpdateSchema, type Profile, type ProfileResponse } from '@unstuck/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { notYourProfile, userNotFound } from '../users/users.errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { readEmailNotifications, setEmailNotifications } from '../email/email.service.ts';
import { findUser, updateProfile, type UserRow } from '../users/users.service.ts';

type SignedIn = Extract<Caller, { kind: 'user' }>;

/** A users row as the profile endpoints answer it (docs/product.md "Entities" profile fields), with the email switch. */
function toProfile(user: UserRow, emailNotifications: boolean): Profile {
  const availability = availabilitySchema.safeParse(user.availability);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    photoURL: user.picture,
    availability: availability.success ? availability.data : null,
    skills: user.skills,
    accomplishments: user.accomplishments,
    handle: user.handle,
    userCategory: user.userCategory,
    location: user.location,
    emailNotifications,
  };
}

/**
 * The caller's own profile (`GET /api/v1/users/profile`).
 * @throws AppError 404 when the account no longer exists.
 */
export async function readProfile(deps: Pick<AppDeps, 'db'>, caller: SignedIn): Promise<ProfileResponse> {
  const user = await findUser(deps.db, caller.id);
  if (!user || user.isGuest) throw userNotFound();
  return { status: 'success', profile: toProfile(user, await readEmailNotifications(deps.db, user.id)) };
}

/**
 * Saves the caller's own profile (docs/product.md "Calls" `PUT /api/v1/users/profile`, "Validation" "Profile edit") and,
 * when sent, the email switch, in one transaction. The sign-in identity (issuer + subject) does not change; a new email counts as unverified unless the
 * provider sent that very address as verified, so it cannot make anyone an admin through
 * ADMIN_EMAILS.
 * @throws AppError 403 when `id` names someone else, 404 when the account no longer exists.
 */
export async function saveProfile(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  caller: SignedIn,
  input: z.output<typeof profileUpdateSchema>,
): Promise<ProfileResponse> {
  if (input.id !== undefined && input.id !== caller.id) throw notYourProfile();
  const current = await findUser(deps.db, caller.id);
  if (!current || current.isGuest) throw userNotFound();
  const sameEmail = current.email?.toLowerCase() === input.email.toLowerCase();
  const providerVerified =
    current.identityClaims?.email_verified === true && current.identityClaims.email?.toLowerCase() === input.email.toLowerCase();
  return deps.db.transaction(async (tx) => {
    const saved = await updateProfile(
      tx,
      caller.id,
      {
        name: input.name,
        email: input.email,
        emailVerified: sameEmail ? current.emailVerified : providerVerified,
        availability: input.availability,
        skills: input.skills,
        accomplishments: input.accomplishments,
      },
      deps.clock.now(),
    );
    if (!saved) throw userNotFound();
    if (input.emailNotifications !== undefined)
      await setEmailNotifications({ db: tx, clock: deps.clock }, caller.id, input.emailNotifications);
    return { status: 'success', profile: toProfile(saved, await readEmailNotifications(tx, caller.id)) };
  });
}
