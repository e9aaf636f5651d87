import type { SessionResponse } from '@unstuck/contract';
import { callJson } from './http.ts';
import { signIn, targetOf, type SignInServer } from './sign-in.ts';

/** The admin of the staff suites (ADMIN_EMAILS). */
export const ADMIN_EMAIL = 'admin@example.com';

/** Environment of a server whose admin is {@link ADMIN_EMAIL}, with room for many sign-ins. */
export const STAFF_ENV = { ADMIN_EMAILS: ADMIN_EMAIL, SIGN_IN_RATE_LIMIT: '1000' };

let counter = 0;

/** Signs a new person in ({@link signIn}: through the embedded provider on a real server). */
export function signInPerson(server: SignInServer, label = 'person'): Promise<SessionResponse> {
  counter += 1;
  const email = `${label}-${counter}-${process.pid}@example.com`;
  return signIn(server, { email, name: `${label[0]!.toUpperCase()}${label.slice(1)} ${counter}` });
}

/**
 * The four signed-in kinds of caller of docs/product.md "Roles" besides guests: an admin (ADMIN_EMAILS), a plain
 * user, and an expert (a user an admin flagged through the API).
 */
export async function signInStaff(server: SignInServer) {
  const admin = await signIn(server, { email: ADMIN_EMAIL, name: 'Alice Admin' });
  const user = await signInPerson(server, 'user');
  const expert = await signInExpert(server, admin, 'expert');
  return { admin, user, expert };
}

/** Flags a signed-in person as an expert the way an admin does (`POST /api/admin/users/set-expert`). @throws when that call fails. */
export async function flagExpert(server: SignInServer, admin: SessionResponse, person: SessionResponse): Promise<void> {
  const flagged = await callJson(
    targetOf(server),
    'POST',
    '/api/admin/users/set-expert',
    { token: admin.token },
    { userId: person.user.uid, isExpert: true },
  );
  if (flagged.status !== 200) throw new Error(`set-expert failed: ${JSON.stringify(flagged)}`);
}

/** Signs a new person in ({@link signInPerson}) and flags them as an expert ({@link flagExpert}). */
export async function signInExpert(server: SignInServer, admin: SessionResponse, label = 'expert'): Promise<SessionResponse> {
  const person = await signInPerson(server, label);
  await flagExpert(server, admin, person);
  return person;
}
