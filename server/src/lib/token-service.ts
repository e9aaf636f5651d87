import type { TokenClaims, VerifiedToken } from './caller.ts';

// The auth module's token service as other modules use it (AppDeps `tokens`; made by auth/tokens.ts).
// Declared here, beside the caller types, so that app-deps.ts imports no module
// (docs/decisions/079-no-hidden-cycles.md).

/** How a token is verified. */
export interface VerifyOptions {
  /**
   * Accept a "session live" answer up to LIVENESS_CACHE_MS (auth/tokens.ts) old instead of asking the database: only for
   * read-only polling paths (decision 016). Every other path asks, and refreshes the kept answer.
   */
  cached?: boolean;
}

/**
 * Signs, verifies and ends our access tokens (JWT, HS256, RFC 7519) with one secret. Every token
 * belongs to a sign-in session (`sid`); a token is accepted only while that session exists.
 */
export interface TokenService {
  /**
   * Starts a sign-in session for an existing user and issues its first token.
   * @returns a compact JWT valid for the configured lifetime.
   */
  signIn(claims: TokenClaims): Promise<string>;
  /**
   * Issues the next token of a verified token's session and retires the old one
   * (RETIRED_TOKEN_GRACE_SECONDS of auth/tokens.ts later). Refreshing a token already replaced (within the
   * grace: after it, `verify` refuses the token) answers the token that replaced it, not a second one.
   * @param claims the claims read from the database now (unused when the token was already replaced).
   * @throws AppError 401 for a token retired without a recorded successor.
   */
  refresh(previous: VerifiedToken, claims: TokenClaims): Promise<string>;
  /**
   * @throws AppError 401 "Invalid or expired token" when the signature, issuer, audience or expiry
   *   is wrong, the token has no session, its session ended (logout, user deleted) or it was
   *   replaced by a refresh more than the grace period ago.
   */
  verify(token: string, options?: VerifyOptions): Promise<VerifiedToken>;
  /** Ends the token's sign-in session: all its tokens are refused from the next request on, on every instance (logout). */
  endSession(token: VerifiedToken): Promise<void>;
}
