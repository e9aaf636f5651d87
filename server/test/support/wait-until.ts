/**
 * Waits until `done()` holds, checking every 20 ms.
 * @param ms the longest wait, in milliseconds.
 * @throws Error "timed out" when `done()` still does not hold after `ms`.
 */
export async function waitUntil(done: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
