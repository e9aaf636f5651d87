import type { FastifyRequest } from 'fastify';
import { guestSessionIdSchema } from '@unstuck/contract';
import { unauthorized } from '../../lib/errors.ts';
import { invalidGuestSessionId, malformedAuthorization } from './auth.errors.ts';
import type { Caller } from '../../lib/caller.ts';
import type { TokenService, VerifyOptions } from '../../lib/token-service.ts';

/**
 * Identifies the caller of a request. A Bearer token wins over a guest header.
 * @param options `cached` for read-only polling paths (see {@link VerifyOptions}).
 * @returns the caller, or null when the request carries neither header.
 * @throws AppError 401 for a bad token, 400 for a malformed guest session id.
 */
export async function identifyCaller(request: FastifyRequest, tokens: TokenService, options?: VerifyOptions): Promise<Caller | null> {
  const authorization = request.headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match?.[1]) throw malformedAuthorization();
    const token = await tokens.verify(match[1], options);
    return { kind: 'user', id: token.uid, token };
  }
  const guestHeader = request.headers['x-guest-session-id'];
  if (guestHeader !== undefined) {
    const parsed = guestSessionIdSchema.safeParse(guestHeader);
    if (!parsed.success) throw invalidGuestSessionId(parsed.error.issues[0]?.message);
    return { kind: 'guest', id: parsed.data };
  }
  return null;
}

/** @throws AppError 401 "Authentication required" when there is no caller. */
export function requireCaller(caller: Caller | null): Caller {
  if (!caller) throw unauthorized();
  return caller;
}

/** @throws AppError 401 "Authentication required" unless the caller is signed in (guests too). */
export function requireUser(caller: Caller | null): Extract<Caller, { kind: 'user' }> {
  if (!caller || caller.kind !== 'user') throw unauthorized();
  return caller;
}

const admitted = new WeakMap<FastifyRequest, Caller>();

/**
 * An `onRequest` hook that admits any caller: a signed-in user or a guest session. Like the staff
 * hooks (`staff.ts`) it runs before the body and parameters are validated, so a stranger learns
 * nothing from a payload's errors. Handlers read the caller with {@link callerOf}.
 * @throws AppError 401 without a caller, 401 for a bad token, 400 for a malformed guest session id.
 */
export const admitCallers = (deps: { tokens: TokenService }) => async (request: FastifyRequest) => {
  admitted.set(request, requireCaller(await identifyCaller(request, deps.tokens)));
};

/** An `onRequest` hook that admits signed-in users only (see {@link admitCallers}); handlers read them with {@link userOf}. */
export const admitUsers = (deps: { tokens: TokenService }) => async (request: FastifyRequest) => {
  admitted.set(request, requireUser(await identifyCaller(request, deps.tokens)));
};

/**
 * The caller an admission hook let in.
 * @throws Error when the route has no admission hook (a programming error, answered 500).
 */
export function callerOf(request: FastifyRequest): Caller {
  const caller = admitted.get(request);
  if (!caller) throw new Error(`${request.method} ${request.routeOptions.url} has no caller admission hook`);
  return caller;
}

/**
 * The signed-in user {@link admitUsers} let in.
 * @throws Error when the route has no such hook (a programming error, answered 500).
 */
export function userOf(request: FastifyRequest): Extract<Caller, { kind: 'user' }> {
  const caller = callerOf(request);
  if (caller.kind !== 'user') throw new Error(`${request.method} ${request.routeOptions.url} admits guests; use callerOf`);
  return caller;
}
