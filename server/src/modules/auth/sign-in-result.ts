import type { FastifyReply } from 'fastify';
import { AUTH_MESSAGE_TYPE, type AuthPopupMessage, type SignInMode } from '@unstuck/contract';
import type { SignInOutcome } from './sign-in.service.ts';

/** Where and how a sign-in's result reaches the web app. */
export interface SignInTarget {
  mode: SignInMode;
  /** The app's exact origin: the only one the popup's message may go to. */
  appOrigin: string;
  /** Path to return to after sign-in, e.g. `/dashboard`. */
  returnTo: string;
}

/**
 * The page of the web app that receives a result in redirect mode: `/?auth_code=…&return_to=…`,
 * or `/login-error?code=…`. Our token never appears in a URL, only the one-time code.
 */
function resultLocation(outcome: SignInOutcome, returnTo: string): string {
  if ('code' in outcome) return `/?${new URLSearchParams({ auth_code: outcome.code, return_to: returnTo }).toString()}`;
  return `/login-error?${new URLSearchParams({ code: outcome.error }).toString()}`;
}

/**
 * Sends a sign-in's result. Redirect mode: a 302 to {@link resultLocation}. Popup mode (or any
 * error status such as 429): a page that posts `{ type: 'unstuck-auth', code | error }` to
 * `window.opener` at the app's origin and closes, or loads {@link resultLocation} itself when it
 * has no opener. The route must enable helmet's CSP nonces.
 */
export function sendSignInResult(reply: FastifyReply, target: SignInTarget, outcome: SignInOutcome): FastifyReply {
  const location = resultLocation(outcome, target.returnTo);
  reply.header('cache-control', 'no-store');
  if (target.mode === 'redirect' && reply.statusCode < 400) return reply.redirect(location, 302);
  const message: AuthPopupMessage =
    'code' in outcome ? { type: AUTH_MESSAGE_TYPE, code: outcome.code } : { type: AUTH_MESSAGE_TYPE, error: outcome.error };
  const script = `(function () {
  var message = ${scriptJson(message)}, origin = ${scriptJson(target.appOrigin)}, fallback = ${scriptJson(location)};
  if (${scriptJson(target.mode === 'popup')} && window.opener) { window.opener.postMessage(message, origin); window.close(); }
  else { window.location.replace(fallback); }
})();`;
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signing in…</title></head>
<body><p>Finishing sign-in… <a href="${location.replaceAll('&', '&amp;')}">Continue</a></p>
<script nonce="${reply.cspNonce.script}">${script}</script></body></html>`;
  return reply.type('text/html').send(page);
}

/** JSON that is safe inside a `<script>` element (no `</script>` or `<!--` can appear). */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');
