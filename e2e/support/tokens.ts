import { createTokenService, type TokenClaims } from '../../server/src/modules/auth/tokens.ts';

/** A fixed secret for test servers, passed to them as AUTH_SECRET so tests can sign tokens they accept. */
export const TEST_AUTH_SECRET = 'e2e-test-secret-that-is-long-enough-0123456789';

/**
 * Signs an access token the test server accepts, with the server's own token service. A stand-in
 * until sign-in can be driven end to end (the embedded OpenID provider); `issue` does not use the
 * database, so none is given.
 */
export function mintToken(claims: Partial<TokenClaims> & Pick<TokenClaims, 'uid'>): Promise<string> {
  const tokens = createTokenService(TEST_AUTH_SECRET, 3600, null as never);
  return tokens.issue({ email: null, name: null, picture: null, role: 'user', admin: false, ...claims });
}
