/**
 * Places for long-lived streams, counted per caller in this process (EVENT_STREAMS_PER_CALLER; why per
 * process: docs/decisions/054-server-sent-events.md).
 */
export interface StreamSlots {
  /**
   * Takes one of `caller`'s places.
   * @param caller who holds the stream: a guest id or a user id, with its kind.
   * @returns the function that gives the place back (calling it again does nothing), or null when the
   *   caller already holds every place.
   */
  take(caller: string): (() => void) | null;
}

/** @param limit places per caller, at least 1. */
export function createStreamSlots(limit: number): StreamSlots {
  const held = new Map<string, number>();
  return {
    take(caller) {
      const count = held.get(caller) ?? 0;
      if (count >= limit) return null;
      held.set(caller, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(caller) ?? 1) - 1;
        if (left === 0) held.delete(caller);
        else held.set(caller, left);
      };
    },
  };
}
