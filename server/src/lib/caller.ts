import type { AuthUserClaims } from '@unstuck/contract';

// Who is asking, as every module sees it. Auth identifies callers (modules/auth/caller.ts); the
// types live here so that the modules that only read a caller do not depend on auth.

/**
 * The claims of our access token (docs/decisions/003-access-tokens.md; issued at sign-in): the
 * signed-in person the session answer describes, so the contract's shape.
 */
export type TokenClaims = AuthUserClaims;

/** A verified token: its claims plus its sign-in session, JWT id and expiry. */
export interface VerifiedToken extends TokenClaims {
  /** The sign-in session every token refreshed from one sign-in shares (docs/decisions/010-sign-in-sessions.md). */
  sid: string;
  jti: string;
  expiresAt: Date;
}

/** Who is asking: a signed-in user (verified Bearer token) or a guest session (docs/product.md "Calls" headers). */
export type Caller = { kind: 'user'; id: string; token: VerifiedToken } | { kind: 'guest'; id: string };
