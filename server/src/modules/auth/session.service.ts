import type { AuthUserClaims, SessionResponse } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { accountGone } from '../users/users.errors.ts';
import { isAdminAccount } from '../users/people.ts';
import { findUser, type UserRow } from '../users/users.service.ts';
import { invalidSignInCode } from './auth.errors.ts';
import { takeSignInCode } from './auth.repository.ts';
import type { TokenClaims, VerifiedToken } from '../../lib/caller.ts';

type SessionDeps = Pick<AppDeps, 'db' | 'tokens' | 'config' | 'clock'>;

/** Our token's claims for a user (docs/product.md "Entities", "Roles"): the admin rule of {@link isAdminAccount}, and the expert flag. */
function claimsFor(user: UserRow, adminEmails: readonly string[]): TokenClaims {
  const role = user.role === 'admin' ? 'admin' : 'user';
  return {
    uid: user.id,
    email: user.email,
    name: user.name,
    picture: user.picture,
    role,
    admin: isAdminAccount(user, adminEmails),
    expert: user.isExpert,
  };
}

/**
 * `POST /api/auth/session`: exchanges the one-time code of a finished sign-in for the first token
 * of a new sign-in session (docs/decisions/010-sign-in-sessions.md, 041-browser-bound-sign-in-codes.md).
 * @param browserKey the browser-binding cookie the callback set with the code: a code exchanged
 *   from another browser is refused (login CSRF), and used up all the same.
 * @throws AppError 401 when the code is unknown, used, older than 60 seconds or from another browser.
 */
export async function exchangeSignInCode(deps: SessionDeps, code: string, browserKey: string | undefined): Promise<SessionResponse> {
  const userId = await takeSignInCode(deps.db, code, browserKey, deps.clock.now());
  const user = userId ? await findUser(deps.db, userId) : null;
  if (!user) throw invalidSignInCode();
  const claims = claimsFor(user, deps.config.ADMIN_EMAILS);
  return { token: await deps.tokens.signIn(claims), user: claims };
}

/**
 * `GET /api/auth/me`: the caller's claims as the database says now, without a new token: the web app
 * reads it on every page load, so an admin's change of the expert flag or role shows at once
 * (docs/decisions/072-roles-from-the-database.md). Server checks read the database themselves (staff.ts).
 * @throws AppError 401 when the user no longer exists or is not a signed-in user.
 */
export async function readCurrentClaims(deps: Pick<SessionDeps, 'db' | 'config'>, token: VerifiedToken): Promise<AuthUserClaims> {
  const user = await findUser(deps.db, token.uid);
  if (!user || user.isGuest || user.role === 'guest') throw accountGone();
  return claimsFor(user, deps.config.ADMIN_EMAILS);
}

/**
 * `POST /api/auth/refresh`: the next token of the same sign-in session, with claims read from the
 * database now, so a changed role or admin list shows at once (docs/product.md "Roles" "force-refreshed"). The
 * token it replaces stops working shortly after.
 * @throws AppError 401 when the user no longer exists or is not a signed-in user.
 */
export async function refreshSession(deps: SessionDeps, token: VerifiedToken): Promise<SessionResponse> {
  const user = await findUser(deps.db, token.uid);
  if (!user || user.isGuest || user.role === 'guest') throw accountGone();
  const claims = claimsFor(user, deps.config.ADMIN_EMAILS);
  return { token: await deps.tokens.refresh(token, claims), user: claims };
}
