/** The token is renewed this long before it expires at most (a quarter of its life when that is shorter). */
const REFRESH_LEAD_SECONDS = 300;
/** Without `iat`, assume the server's default lifetime (AUTH_TOKEN_TTL_SECONDS). */
const DEFAULT_LIFETIME_SECONDS = 3600;

/**
 * How long to wait before renewing a token: until five minutes before it expires, or a quarter of
 * its lifetime before when it lives less than twenty minutes, and at once when that moment passed.
 * @returns milliseconds, or null for a token without an expiry (nothing to renew).
 */
export function refreshDelayMs(lifetime: { issuedAt: number | null; expiresAt: number | null }, nowMs: number): number | null {
  const { issuedAt, expiresAt } = lifetime;
  if (expiresAt === null) return null;
  const life = issuedAt !== null && expiresAt > issuedAt ? expiresAt - issuedAt : DEFAULT_LIFETIME_SECONDS;
  const lead = Math.min(REFRESH_LEAD_SECONDS, life / 4);
  return Math.max(0, (expiresAt - lead) * 1000 - nowMs);
}
