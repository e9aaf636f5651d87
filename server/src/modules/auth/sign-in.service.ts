import * as oidc from 'openid-client';
import type { SignInErrorCode, SignInMode } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { upsertIdentityUser } from '../users/users.service.ts';
import { createSignInCode, saveAuthRequest, takeAuthRequest, type AuthRequest } from './auth.repository.ts';
import { callbackPath } from './identity-providers.ts';
import type { SignInProviders } from './identity-registry.ts';
import { SignInError, signInErrorCode } from './sign-in-errors.ts';

type SignInDeps = Pick<AppDeps, 'db' | 'clock'> & SignInProviders;

/** How long a person may take at the provider before the attempt expires. */
const ATTEMPT_TTL_SECONDS = 600;
/** How long the browser has to exchange the one-time code (60 seconds). */
export const SIGN_IN_CODE_TTL_SECONDS = 60;

/** How a sign-in ended: a one-time code for `POST /api/auth/session`, or an error code. */
export type SignInOutcome = { code: string } | { error: SignInErrorCode; cause: unknown };

/**
 * Begins a sign-in: a fresh `state`, PKCE verifier and nonce kept in `auth_requests` (any instance
 * can finish it), and the provider's authorization URL.
 * @param input `origin` is the app's origin: the callback and the final hand-off stay on it.
 * @returns where to send the browser, and the state to bind to it (a cookie, RFC 6749 §10.12).
 * @throws SignInError `operation-not-allowed` for an unknown or disabled provider; openid-client or
 *   network errors when the provider cannot be discovered.
 */
export async function startSignIn(
  deps: SignInDeps,
  input: { providerId: string; returnTo: string; mode: SignInMode; origin: string },
): Promise<{ location: string; state: string }> {
  const provider = deps.identity.find(input.providerId);
  if (!provider) throw new SignInError('operation-not-allowed', `Sign-in with "${input.providerId}" is not enabled`);
  const checks = {
    state: oidc.randomState(),
    codeVerifier: provider.pkce ? oidc.randomPKCECodeVerifier() : null,
    nonce: provider.nonce ? oidc.randomNonce() : null,
  };
  const redirectUri = `${input.origin}${callbackPath(provider.id)}`;
  const location = await deps.relyingParty.authorizationUrl(provider, redirectUri, checks);
  const now = deps.clock.now();
  await saveAuthRequest(
    deps.db,
    {
      ...checks,
      provider: provider.id,
      redirectUri,
      returnTo: input.returnTo,
      mode: input.mode,
      appOrigin: input.origin,
      expiresAt: new Date(now.getTime() + ATTEMPT_TTL_SECONDS * 1000),
    },
    now,
  );
  return { location: location.href, state: checks.state };
}

/**
 * Finishes a sign-in at the provider's callback: checks the attempt (known, unexpired, same
 * provider, started in this browser), exchanges the code, creates or updates the user and issues
 * a one-time code bound to this browser. Never throws: every failure becomes an error outcome.
 * @param input `query` is the callback's query; `boundState` the state cookie of this browser;
 *   `browserKey` the browser-binding cookie's secret the code is bound to.
 * @returns the attempt (null when unknown) and the outcome.
 */
export async function finishSignIn(
  deps: SignInDeps,
  input: { providerId: string; query: URLSearchParams; boundState: string | undefined; browserKey: string },
): Promise<{ attempt: AuthRequest | null; outcome: SignInOutcome }> {
  const now = deps.clock.now();
  const state = input.query.get('state');
  const attempt = state ? await takeAuthRequest(deps.db, state, now) : null;
  try {
    if (!attempt || attempt.provider !== input.providerId) {
      throw new SignInError('other', 'This sign-in attempt is unknown or expired');
    }
    // A callback URL from somebody else's attempt must not sign this browser in (login CSRF).
    if (attempt.state !== input.boundState) throw new SignInError('other', 'This sign-in was started in another browser');
    const provider = deps.identity.find(attempt.provider);
    if (!provider) throw new SignInError('operation-not-allowed', `Sign-in with "${attempt.provider}" is not enabled`);
    const callbackUrl = new URL(attempt.redirectUri);
    callbackUrl.search = input.query.toString();
    const identity = await deps.relyingParty.finish(provider, callbackUrl, attempt);
    const user = await upsertIdentityUser(deps.db, identity, provider.id, now);
    const code = await createSignInCode(deps.db, user.id, input.browserKey, now, SIGN_IN_CODE_TTL_SECONDS);
    return { attempt, outcome: { code } };
  } catch (error) {
    return { attempt, outcome: { error: signInErrorCode(error), cause: error } };
  }
}
