import { isSignInErrorCode, type SignInErrorCode } from '@unstuck/contract';
import { isApiError, NetworkError } from '../../../lib/api-client.ts';

/**
 * Why a sign-in did not finish: the server's codes (`/login-error?code=…`, the popup's message)
 * plus the one only the browser sees, a blocked popup.
 */
export interface SignInProblem {
  code: SignInErrorCode | 'popup-blocked';
  /** For `other`: what went wrong, and the code to show with it (an HTTP status, an unknown code). */
  message?: string;
  rawCode?: string;
}

/** The texts of docs/product.md "Sign-in", by problem; `cancelled` is silent and `other` names its reason. */
const SIGN_IN_TEXTS: Record<Exclude<SignInProblem['code'], 'cancelled' | 'other'>, string> = {
  'popup-blocked': 'Popup was blocked by your browser. Please disable popup blockers for this site and try again.',
  internal: 'Authentication service error...',
  configuration: 'Authentication configuration error. Please contact support.',
  network: 'Network error. Please check your connection and try again.',
  'too-many-requests': 'Too many sign-in attempts. Please wait a moment and try again.',
  'unauthorized-domain': 'This domain is not authorized for sign-in. Please contact support.',
  'operation-not-allowed': 'Google sign-in is not enabled. Please contact support.',
};

/** What `other` says when nothing more is known (the server's redirect carries only the code). */
const UNKNOWN_REASON = 'the sign-in did not complete';

/**
 * The text a visitor sees for a sign-in problem (docs/product.md "Errors"), or null when it stays silent (the
 * visitor cancelled or closed the popup).
 */
export function signInErrorText(problem: SignInProblem): string | null {
  if (problem.code === 'cancelled') return null;
  if (problem.code === 'other') return `Sign-in failed: ${problem.message ?? UNKNOWN_REASON} (${problem.rawCode ?? problem.code})`;
  return SIGN_IN_TEXTS[problem.code];
}

/** Reads `/login-error?code=…`: a known code, or `other` naming the unknown one. */
export function problemFromCode(code: string | null): SignInProblem {
  if (isSignInErrorCode(code)) return { code };
  return { code: 'other', rawCode: code?.slice(0, 40) || undefined };
}

/** Classifies a failed call of ours during sign-in (the provider list, the code exchange). */
export function problemFromError(error: unknown): SignInProblem {
  if (error instanceof NetworkError) return { code: 'network' };
  if (isApiError(error)) {
    if (error.code === 'rate_limited') return { code: 'too-many-requests' };
    if (error.status >= 500) return { code: 'internal' };
    return { code: 'other', message: error.detail ?? error.message, rawCode: String(error.status) };
  }
  return { code: 'other', message: error instanceof Error ? error.message : String(error) };
}

/** A sign-in that failed with a text to show; its message is that text. */
export class SignInFailure extends Error {
  override name = 'SignInFailure';
}
