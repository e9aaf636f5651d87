import type { AuthPopupMessage, SignInErrorCode } from '@unstuck/contract';
import { receiveHandoffs } from './handoff.ts';

/**
 * How long a sign-in attempt lives on the server: no result can come later. The popup's `closed`
 * cannot end the wait sooner, since a browser that cut the popup off also reports it closed.
 */
const ATTEMPT_TTL_MS = 10 * 60 * 1000;

/** What the sign-in popup reported: a one-time code, or why it ended without one. */
export type PopupResult = { code: string } | { error: SignInErrorCode };

/** Ends the wait of the previous attempt when a new one starts (one popup at a time). */
let supersede: (() => void) | null = null;

/**
 * Opens the sign-in popup, centred over the page. The same window name reuses an open popup.
 * @returns the popup, or null when the browser blocked it.
 */
export function openSignInPopup(url: string): Window | null {
  const width = 500;
  const height = 640;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return window.open(url, 'unstuck-sign-in', `popup,width=${width},height=${height},left=${left},top=${top}`);
}

const toResult = (message: AuthPopupMessage): PopupResult => ('code' in message ? { code: message.code } : { error: message.error });

/**
 * Waits for the popup's result: the `{ type: 'unstuck-auth', code | error }` message that our
 * server's result page posts to this window (accepted only from this origin and this popup), or
 * the same handed over by the app in a popup that was cut off from this page (./handoff.ts).
 * A popup that never reports (closed by the visitor) ends as `cancelled`, which is silent (docs/product.md "Errors"),
 * after the attempt's lifetime or when another attempt starts.
 */
export function waitForPopupResult(popup: Window): Promise<PopupResult> {
  supersede?.();
  // The message check loads while the visitor is at the provider (zod is not in the first view).
  const checks = import('./auth-messages.ts');
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PopupResult) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      stopHandoffs();
      clearTimeout(expiry);
      supersede = null;
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      void checks.then(({ authPopupMessageSchema }) => {
        const message = authPopupMessageSchema.safeParse(event.data);
        if (message.success) finish(toResult(message.data));
      });
    };
    window.addEventListener('message', onMessage);
    const stopHandoffs = receiveHandoffs((message) => finish(toResult(message)));
    const expiry = setTimeout(() => finish({ error: 'cancelled' }), ATTEMPT_TTL_MS);
    supersede = () => finish({ error: 'cancelled' });
  });
}
