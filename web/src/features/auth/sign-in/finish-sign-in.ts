import { isApiError } from '../../../lib/api-client.ts';
import {
  clearGuestSessionId,
  readLocal,
  setCurrentConversationId,
  STORAGE_KEYS,
  takePreAuthState,
  takeSignInStarted,
} from '../../../lib/storage.ts';
import { createSession } from '../api/create-session.ts';
import { updateGuestAssociations } from '../api/update-guest-associations.ts';
import { isAdminPath, isLocalPath } from '../utils/redirect-path.ts';
import { problemFromError, SignInFailure, signInErrorText } from '../utils/sign-in-errors.ts';

/** A finished sign-in, ready for the app to use. */
export interface FinishedSignIn {
  token: string;
  /** The path the visitor left for sign-in, to go back to (docs/product.md "Entities" "On sign-in"). */
  returnTo: string | null;
}

/**
 * Finishes a sign-in (docs/product.md "Entities" "On sign-in") before the app sees the token: exchanges the one-time
 * code, hands the guest session over to the account, then restores the conversation the visitor
 * was in (not for admin pages) and reads where they came from. The guest's data is handed over only
 * when this tab started the sign-in: a `/?auth_code=` link from somebody else must never move a
 * guest's conversations to their account (login CSRF; the server also refuses a code
 * exchanged outside the browser that signed in).
 * @param code the one-time code from `?auth_code=` or the popup.
 * @param fallbackReturnTo the server's `return_to`, for when the browser kept nothing.
 * @throws SignInFailure with docs/product.md "Errors" text when the code cannot be exchanged.
 */
export async function finishSignIn(code: string, fallbackReturnTo: string | null): Promise<FinishedSignIn> {
  const startedHere = takeSignInStarted();
  let token: string;
  try {
    token = (await createSession(code)).token;
  } catch (error) {
    const problem = problemFromError(error);
    throw new SignInFailure(signInErrorText(problem) ?? problem.code);
  }
  if (startedHere) await handOverGuestSession(token);
  const saved = takePreAuthState();
  const returnTo = saved.path ?? (fallbackReturnTo && isLocalPath(fallbackReturnTo) ? fallbackReturnTo : null);
  if (saved.conversationId && !isAdminPath(returnTo ?? window.location.pathname)) {
    setCurrentConversationId(saved.conversationId);
  }
  return { token, returnTo };
}

/**
 * Moves the guest's conversations to the account. The guest id is forgotten once that worked, or
 * when the server says it already went to another account (`guest_session_handed_over`): it can never be used again. Any
 * other failure keeps it; signing in still succeeds.
 */
async function handOverGuestSession(token: string): Promise<void> {
  const guestId = readLocal(STORAGE_KEYS.guestSessionId);
  if (!guestId) return;
  try {
    await updateGuestAssociations(token, guestId);
    clearGuestSessionId();
  } catch (error) {
    if (isApiError(error) && error.code === 'guest_session_handed_over') clearGuestSessionId();
    console.warn('Handing the guest session over failed:', error instanceof Error ? error.message : error);
  }
}
