import type { AuthProvidersResponse } from '@unstuck/contract';
import { markSignInStarted } from '../../../lib/storage.ts';
import { problemFromError, SignInFailure, signInErrorText, type SignInProblem } from '../utils/sign-in-errors.ts';
import { openSignInPopup, waitForPopupResult } from './popup.ts';

/** How a started sign-in went on: the page leaves for the provider, or the popup came back. */
export type SignInStart = { kind: 'redirecting' } | { kind: 'code'; code: string } | { kind: 'cancelled' };

const fail = (problem: SignInProblem): SignInFailure => new SignInFailure(signInErrorText(problem) ?? problem.code);

/** Where the browser starts a sign-in with a provider on our server. */
export function loginUrl(providerId: string, returnTo: string, mode: AuthProvidersResponse['mode']): string {
  return `/api/auth/login/${encodeURIComponent(providerId)}?${new URLSearchParams({ return_to: returnTo, mode })}`;
}

/**
 * Starts a sign-in with the first configured provider (docs/product.md "Audience": one identity provider's sign-in)
 * the way the server says: a popup on the production domain, a full-page redirect elsewhere
 * (docs/product.md "Calls" "Identity provider").
 * @param loadProviders the provider list, normally from the cache so that the popup still opens
 *   within the visitor's click.
 * @param returnTo the path to come back to after a redirect.
 * @throws SignInFailure with docs/product.md "Errors" text (popup blocked, no provider, a provider error).
 */
export async function startSignIn(loadProviders: () => Promise<AuthProvidersResponse>, returnTo: string): Promise<SignInStart> {
  let providers: AuthProvidersResponse;
  try {
    providers = await loadProviders();
  } catch (error) {
    throw fail(problemFromError(error));
  }
  const provider = providers.providers[0];
  // The server runs without any provider: nobody can sign in until one is configured.
  if (!provider) throw fail({ code: 'configuration' });
  const url = loginUrl(provider.id, returnTo, providers.mode);
  markSignInStarted();
  if (providers.mode === 'redirect') {
    window.location.assign(url);
    return { kind: 'redirecting' };
  }
  const popup = openSignInPopup(url);
  if (!popup) throw fail({ code: 'popup-blocked' });
  const result = await waitForPopupResult(popup);
  if ('code' in result) return { kind: 'code', code: result.code };
  if (signInErrorText({ code: result.error }) === null) return { kind: 'cancelled' };
  throw fail({ code: result.error });
}
