import { AUTH_MESSAGE_TYPE, type AuthPopupMessage } from '@unstuck/contract';
import { randomId } from '../../../lib/storage.ts';

/**
 * When a provider's page carries a Cross-Origin-Opener-Policy, the browser cuts the popup off from
 * the page that opened it: the popup's `window.opener` is null (so our result page cannot post to
 * it) and the opener sees the popup as closed. The result page then loads the app in the popup,
 * which hands the result to the waiting page over this same-origin channel instead.
 */
const CHANNEL = 'unstuck-auth';
/** How long the popup waits for the opener to confirm it took the result. */
const ACK_TIMEOUT_MS = 400;

/**
 * In the popup: offers a sign-in result to the page waiting for it.
 * @returns true when that page took it (the popup may close), false when nobody did.
 */
export async function handOffToOpener(message: AuthPopupMessage): Promise<boolean> {
  if (typeof BroadcastChannel === 'undefined') return false;
  // Loaded before posting, so that the acknowledgement's time limit is not spent loading it.
  const { ackSchema } = await import('./auth-messages.ts');
  const channel = new BroadcastChannel(CHANNEL);
  const id = randomId();
  return new Promise((resolve) => {
    const done = (taken: boolean) => {
      clearTimeout(timer);
      channel.close();
      resolve(taken);
    };
    const timer = setTimeout(() => done(false), ACK_TIMEOUT_MS);
    channel.onmessage = (event: MessageEvent) => {
      const ack = ackSchema.safeParse(event.data);
      if (ack.success && ack.data.id === id) done(true);
    };
    channel.postMessage({ ...message, id });
  });
}

/**
 * In the waiting page: takes results handed over by {@link handOffToOpener} and confirms each.
 * @returns a function that stops listening.
 */
export function receiveHandoffs(onResult: (message: AuthPopupMessage) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  // Starts loading at once: by the time the provider sends the visitor back, the check is here.
  const checks = import('./auth-messages.ts');
  let open = true;
  channel.onmessage = (event: MessageEvent) => {
    void checks.then(({ handoffSchema }) => {
      const handoff = handoffSchema.safeParse(event.data);
      if (!open || !handoff.success) return;
      channel.postMessage({ type: `${AUTH_MESSAGE_TYPE}-ack`, id: handoff.data.id });
      onResult(handoff.data);
    });
  };
  return () => {
    open = false;
    channel.close();
  };
}
