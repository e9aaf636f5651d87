/**
 * Waits until `condition()` holds, checking every 50 ms.
 * @param timeoutMs how long to wait at most, in milliseconds.
 * @throws Error "Timed out waiting for {what}" when it does not hold in time.
 */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
