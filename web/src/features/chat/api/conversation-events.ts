import { useEffect, useEffectEvent } from 'react';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { Message, MessageDraft } from '@unstuck/contract';
import { identityHeaders } from '../../../lib/api-client.ts';
import type { ConversationAction } from '../state/conversation-state.ts';

/** The first reconnection waits this long, each further one twice as long, up to {@link MAX_RETRY_MS}. */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/** How long to wait before connecting again after `failures` failed connections in a row. */
export const streamRetryDelay = (failures: number): number => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));

/** An answer that says the stream will not open however often it is asked (gone, not ours): polling carries on alone. */
const isFinal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

class FinalAnswer extends Error {}

/**
 * Follows a conversation's event stream (`GET /api/v2/conversations/{id}/events`) and dispatches
 * what it brings: each new or changed message, the agent's draft, and whether the stream is up.
 * Read with fetch so the Bearer token or guest header goes in a header, never a URL
 * (docs/decisions/054-server-sent-events.md). A dropped or failed stream reconnects with
 * `Last-Event-ID`, backing off from 1 s to 30 s, for as long as the conversation is open; polling
 * runs beside it, so a blocked stream only loses speed, not messages.
 */
export function useConversationEvents(conversationId: string | null, dispatch: (action: ConversationAction) => void): void {
  const send = useEffectEvent(dispatch);
  useEffect(() => {
    if (!conversationId) return;
    const controller = new AbortController();
    // The browser coming back online cuts the wait short: no need to sit out the backoff.
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          window.removeEventListener('online', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        window.addEventListener('online', done);
      });

    void (async () => {
      let lastEventId: string | null = null;
      let failures = 0;
      while (!controller.signal.aborted) {
        try {
          const headers: Record<string, string> = { Accept: 'text/event-stream', ...identityHeaders('auto').headers };
          if (lastEventId) headers['Last-Event-ID'] = lastEventId;
          const response = await fetch(`/api/v2/conversations/${encodeURIComponent(conversationId)}/events`, {
            headers,
            signal: controller.signal,
          });
          if (!response.ok || !response.body) {
            const problem = `event stream answered ${response.status}`;
            throw isFinal(response.status) ? new FinalAnswer(problem) : new Error(problem);
          }
          failures = 0;
          send({ type: 'streamStatus', conversationId, status: 'open' });
          const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (value.id) lastEventId = value.id;
            if (value.event === 'message' || value.event === 'message_updated') {
              send({ type: 'streamed', conversationId, message: JSON.parse(value.data) as Message });
            } else if (value.event === 'message_draft') {
              send({ type: 'drafted', conversationId, draft: JSON.parse(value.data) as MessageDraft, now: new Date().toISOString() });
            }
          }
          // Ended by the server (after 10 minutes, or a restart): open it again, and only a failure
          // to do so says "Reconnecting…".
          await pause(FIRST_RETRY_MS);
          continue;
        } catch (error) {
          if (controller.signal.aborted) return;
          const final = error instanceof FinalAnswer;
          send({ type: 'streamStatus', conversationId, status: final ? 'closed' : 'down' });
          console.warn('Conversation event stream failed:', error instanceof Error ? error.message : error);
          if (final) return;
          failures += 1;
        }
        await pause(streamRetryDelay(failures));
      }
    })();
    return () => controller.abort();
  }, [conversationId]);
}
