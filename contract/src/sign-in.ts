// What the sign-in popup and the pages waiting for it agree on, without zod: the web app's first
// view imports this (docs/decisions/056-types-not-schemas-in-the-first-view.md); ./auth.ts builds the schemas.

/**
 * Why a sign-in failed, as `/login-error?code=…` or the popup message carries it; the web app shows
 * the matching text of docs/product.md "Sign-in" (`cancelled` is silent there).
 */
export const SIGN_IN_ERROR_CODES = [
  'network',
  'too-many-requests',
  'configuration',
  'unauthorized-domain',
  'operation-not-allowed',
  'internal',
  'cancelled',
  'other',
] as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];

/** True when `value` is one of {@link SIGN_IN_ERROR_CODES}. Pure. */
export const isSignInErrorCode = (value: unknown): value is SignInErrorCode => (SIGN_IN_ERROR_CODES as readonly unknown[]).includes(value);

/** The `type` of what the popup posts to `window.opener` when the sign-in ends (./auth.ts `authPopupMessageSchema`). */
export const AUTH_MESSAGE_TYPE = 'unstuck-auth';
