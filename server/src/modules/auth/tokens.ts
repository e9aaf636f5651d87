import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { loadOrCreateSetting } from '../../db/app-settings.ts';
import type { Db } from '../../db/client.ts';
import type { TokenSuccessor } from '../../db/schema.ts';
import type { TokenClaims } from '../../lib/caller.ts';
import type { TokenService } from '../../lib/token-service.ts';
import { systemClock } from '../../lib/clock.ts';
import { invalidToken } from './auth.errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { createAuthSession, endAuthSession, extendAuthSession, isTokenLive, retireToken } from './auth-sessions.repository.ts';

const ISSUER = 'unstuck';
const AUDIENCE = 'unstuck-api';
const ALGORITHM = 'HS256';
/**
 * How long a token replaced by a refresh still works: two tabs of one browser renew the same token
 * at the same moment, and the slower one must not be signed out by the faster one's refresh.
 */
export const RETIRED_TOKEN_GRACE_SECONDS = 30;

/**
 * How long a token's "session live" answer is reused without asking the database (decision 016): a
 * logout or deletion on another instance is honoured there within this time.
 */
export const LIVENESS_CACHE_MS = 5_000;

/**
 * Builds the token service.
 * @param secret at least 32 bytes of key material (AUTH_SECRET, or {@link loadOrCreateSecret}).
 * @param ttlSeconds token lifetime in seconds (AUTH_TOKEN_TTL_SECONDS).
 * @param db where sign-in sessions and retired token ids are kept.
 */
export function createTokenService(secret: string, ttlSeconds: number, db: Db): TokenService {
  // Real time, not the app's clock: tests move that clock by days to expire share links, and the
  // tokens of their signed-in callers must keep working.
  const clock = systemClock;
  const key = new TextEncoder().encode(secret);
  const liveness = new TtlCache<string, boolean>(LIVENESS_CACHE_MS, 100_000);
  // The claims in a fixed order, so that signing the same successor again gives the same JWT.
  const sign = (successor: TokenSuccessor, sid: string) =>
    new SignJWT({
      uid: successor.uid,
      email: successor.email,
      name: successor.name,
      picture: successor.picture,
      role: successor.role,
      admin: successor.admin,
      expert: successor.expert,
      sid,
    })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(successor.uid)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(successor.jti)
      .setIssuedAt(successor.issuedAt)
      .setExpirationTime(successor.expiresAt)
      .sign(key);
  const nextToken = (claims: TokenClaims, now: Date): TokenSuccessor => {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return { ...claims, jti: randomUUID(), issuedAt, expiresAt: issuedAt + ttlSeconds };
  };
  return {
    async signIn(claims) {
      const now = clock.now();
      const sid = await createAuthSession(db, claims.uid, new Date(now.getTime() + ttlSeconds * 1000), now);
      return sign(nextToken(claims, now), sid);
    },
    async refresh(previous, claims) {
      const now = clock.now();
      const candidate = nextToken(claims, now);
      const refusedFrom = new Date(now.getTime() + RETIRED_TOKEN_GRACE_SECONDS * 1000);
      const successor = await retireToken(db, previous, { refusedFrom, successor: candidate }, now);
      if (!successor) throw invalidToken();
      if (successor.jti === candidate.jti) await extendAuthSession(db, previous.sid, new Date(candidate.expiresAt * 1000));
      return sign(successor, previous.sid);
    },
    async verify(token, options = {}) {
      try {
        const now = clock.now();
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: [ALGORITHM],
          currentDate: now,
        });
        const { sub, jti, exp, sid } = payload;
        // Tokens from before sign-in sessions carry no sid: their holders sign in again.
        if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number' || typeof sid !== 'string') {
          throw invalidToken();
        }
        const live = await liveness.getOrLoad(`${sid} ${jti}`, () => isTokenLive(db, { sid, uid: sub, jti }, now), options.cached === true);
        if (!live) throw invalidToken();
        return {
          uid: sub,
          email: typeof payload.email === 'string' ? payload.email : null,
          name: typeof payload.name === 'string' ? payload.name : null,
          picture: typeof payload.picture === 'string' ? payload.picture : null,
          role: payload.role === 'admin' ? 'admin' : 'user',
          admin: payload.admin === true,
          expert: payload.expert === true,
          sid,
          jti,
          expiresAt: new Date(exp * 1000),
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw invalidToken();
        throw error;
      }
    },
    async endSession(token) {
      await endAuthSession(db, token.sid);
      liveness.deleteWhere((cacheKey) => cacheKey.startsWith(`${token.sid} `));
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
