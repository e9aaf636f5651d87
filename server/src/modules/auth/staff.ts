import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { unauthorized } from '../../lib/errors.ts';
import { accountGone } from '../users/users.errors.ts';
import { findUser } from '../users/users.service.ts';
import { adminRequired, expertRequired } from './auth.errors.ts';
import { identifyCaller } from './caller.ts';
import { isAdminAccount } from '../users/people.ts';

/** A signed-in member of staff as the database says now. */
export interface StaffMember {
  id: string;
  email: string | null;
  /** The display name stored for them. */
  name: string | null;
  admin: boolean;
  expert: boolean;
}

type StaffDeps = Pick<AppDeps, 'db' | 'tokens' | 'config'>;

/**
 * Who is asking, with their admin and expert standing read from the database on every call, so a
 * removed admin or expert loses access at once (the token's claims only say what was true when it
 * was issued). Staff calls take a Bearer token only (docs/product.md "Calls" "Admin calls use Bearer only"): a guest
 * header alone is no sign-in.
 * @throws AppError 401 without a valid Bearer token or when the account no longer exists.
 */
async function readStaffStanding(request: FastifyRequest, deps: StaffDeps): Promise<StaffMember> {
  if (!request.headers.authorization) throw unauthorized();
  const caller = await identifyCaller(request, deps.tokens);
  if (!caller || caller.kind !== 'user') throw unauthorized();
  const user = await findUser(deps.db, caller.id);
  if (!user) throw accountGone();
  const admin = isAdminAccount(user, deps.config.ADMIN_EMAILS);
  return { id: user.id, email: user.email, name: user.name, admin, expert: !user.isGuest && user.isExpert };
}

/**
 * Admits admins only (docs/product.md "Roles").
 * @throws AppError 401 when not signed in, 403 `admin_required` ("Access denied: Admin privileges required") otherwise.
 */
export async function requireAdmin(request: FastifyRequest, deps: StaffDeps): Promise<StaffMember> {
  const member = await readStaffStanding(request, deps);
  if (!member.admin) throw adminRequired();
  return member;
}

/**
 * Admits experts and admins: the people who work on accepted tasks (the expert hand-off).
 * @throws AppError 401 when not signed in, 403 `expert_required` when neither expert nor admin.
 */
export async function requireExpertOrAdmin(request: FastifyRequest, deps: StaffDeps): Promise<StaffMember> {
  const member = await readStaffStanding(request, deps);
  if (!member.admin && !member.expert) throw expertRequired();
  return member;
}

const admitted = new WeakMap<FastifyRequest, StaffMember>();

/**
 * An `onRequest` hook that admits only admins. It runs before the body and parameters are
 * validated, so a caller who may not use the route learns nothing from a payload's errors.
 * Handlers read the admitted caller with {@link staffOf}.
 */
export const admitAdmins = (deps: StaffDeps) => async (request: FastifyRequest) => {
  admitted.set(request, await requireAdmin(request, deps));
};

/** An `onRequest` hook that admits experts and admins (see {@link admitAdmins}). */
export const admitExpertsAndAdmins = (deps: StaffDeps) => async (request: FastifyRequest) => {
  admitted.set(request, await requireExpertOrAdmin(request, deps));
};

/**
 * The caller an admission hook let in.
 * @throws Error when the route has no admission hook (a programming error, answered 500).
 */
export function staffOf(request: FastifyRequest): StaffMember {
  const member = admitted.get(request);
  if (!member) throw new Error(`${request.method} ${request.routeOptions.url} has no staff admission hook`);
  return member;
}
