import { identityHeaders, type Identity } from './http.ts';

/** One server-sent event as the stream delivered it (comments left out). */
export interface ServerEvent {
  event: string;
  id?: string;
  data: string;
}

/**
 * Opens a conversation's event stream (`GET {baseUrl}/api/v2/conversations/{id}/events`) with fetch, as
 * the web app does, and parses its events as they arrive.
 * @returns the response, the events so far, `waitFor(count)` (throws after 20 s with fewer), `ended` (settles
 *   when the stream ends, whichever side ends it) and close().
 */
export async function openEventStream(baseUrl: string, identity: Identity, conversationId: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v2/conversations/${conversationId}/events`, {
    headers: { ...identityHeaders(identity), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const events: ServerEvent[] = [];
  const waiters: Array<() => void> = [];
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    ended = (async () => {
      let buffer = '';
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body!) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: ServerEvent = { event: 'message', data: '' };
            for (const line of block.split('\n')) {
              const [field, ...rest] = line.split(': ');
              if (field === 'event') event.event = rest.join(': ');
              if (field === 'id') event.id = rest.join(': ');
              if (field === 'data') event.data = rest.join(': ');
            }
            if (!block.startsWith(':')) events.push(event);
            waiters.splice(0).forEach((wake) => wake());
          }
        }
      } catch {
        // Aborted by the test.
      }
    })();
  }
  /** Waits until `done(events)` holds (throws after `timeoutMs`). */
  const waitUntil = async (done: (received: readonly ServerEvent[]) => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!done(events)) {
      if (Date.now() > deadline) throw new Error(`not there after ${timeoutMs} ms; events: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return events;
  };
  /** Waits until `count` events have arrived. */
  const waitFor = async (count: number) => (await waitUntil((received) => received.length >= count)).slice(0, count);
  return { response, events, waitFor, waitUntil, ended, close: () => controller.abort() };
}
