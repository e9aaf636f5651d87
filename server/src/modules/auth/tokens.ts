import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { eq, lt } from 'drizzle-orm';
import { loadOrCreateSetting } from '../../db/app-settings.ts';
import type { Db } from '../../db/client.ts';
import { revokedTokens } from '../../db/schema.ts';
import { unauthorized } from '../../lib/errors.ts';

/** The claims of our access token (docs/decisions/003-access-tokens.md; issued at sign-in). */
export interface TokenClaims {
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
  role: 'user' | 'admin';
  admin: boolean;
  /** The expert flag an admin sets (spec §6); experts see the queue of accepted tasks. */
  expert: boolean;
}

/** A verified token: its claims plus the JWT id and expiry. */
export interface VerifiedToken extends TokenClaims {
  jti: string;
  expiresAt: Date;
}

const ISSUER = 'unstuck';
const AUDIENCE = 'unstuck-api';
const ALGORITHM = 'HS256';

/** Signs, verifies and revokes our access tokens (JWT, HS256, RFC 7519) with one secret. */
export interface TokenService {
  /** @returns a compact JWT valid for the configured lifetime (seconds). */
  issue(claims: TokenClaims): Promise<string>;
  /**
   * @throws AppError 401 "Invalid or expired token" when the signature, issuer, audience or expiry
   *   is wrong, or the token was revoked by logout.
   */
  verify(token: string): Promise<VerifiedToken>;
  /** Makes a verified token unusable from the next request on, on every instance (logout). */
  revoke(token: VerifiedToken): Promise<void>;
}

/**
 * Builds the token service.
 * @param secret at least 32 bytes of key material (AUTH_SECRET, or {@link loadOrCreateSecret}).
 * @param ttlSeconds token lifetime in seconds (AUTH_TOKEN_TTL_SECONDS).
 * @param db where revoked token ids are kept until the token would have expired.
 */
export function createTokenService(secret: string, ttlSeconds: number, db: Db): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(claims) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(claims.uid)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM] });
        if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') {
          throw unauthorized('Invalid or expired token');
        }
        const [revoked] = await db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, payload.jti));
        if (revoked) throw unauthorized('Invalid or expired token');
        return {
          uid: payload.sub,
          email: typeof payload.email === 'string' ? payload.email : null,
          name: typeof payload.name === 'string' ? payload.name : null,
          picture: typeof payload.picture === 'string' ? payload.picture : null,
          role: payload.role === 'admin' ? 'admin' : 'user',
          admin: payload.admin === true,
          expert: payload.expert === true,
          jti: payload.jti,
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw unauthorized('Invalid or expired token');
        throw error;
      }
    },
    async revoke(token) {
      // Rows of tokens past their expiry guard nothing any more.
      await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
      await db.insert(revokedTokens).values({ jti: token.jti, userId: token.uid, expiresAt: token.expiresAt }).onConflictDoNothing();
    },
  };
}

/**
 * Returns the token secret shared by every server on this database, creating a random one on
 * first use. Only for the embedded default: production sets AUTH_SECRET.
 */
export function loadOrCreateSecret(db: Db): Promise<string> {
  return loadOrCreateSetting(db, 'auth_secret', () => randomBytes(48).toString('base64url'));
}
