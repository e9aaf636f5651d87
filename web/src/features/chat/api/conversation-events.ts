import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { Message } from '@unstuck/contract';
import { identityHeaders } from '../../../lib/api-client.ts';
import { messagesQueryKey } from './get-messages.ts';

/** After this many failed connections in a row the stream is left alone; polling (spec §4) carries on. */
const MAX_FAILURES = 5;

/**
 * Follows a conversation's event stream (`GET /api/v2/conversations/{id}/events`) and puts each new or
 * changed message into the messages query at once. Read with fetch so the Bearer token or guest header
 * goes in a header, never a URL (docs/decisions/018-realtime-and-caching.md). Reconnects with
 * `Last-Event-ID`; polling keeps running beside it, so a blocked stream only loses speed, not messages.
 */
export function useConversationEvents(conversationId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!conversationId) return;
    const controller = new AbortController();
    const merge = (message: Message) =>
      queryClient.setQueryData<Message[]>(messagesQueryKey(conversationId), (current) => {
        if (!current) return current;
        const at = current.findIndex((m) => m.id === message.id);
        return at === -1 ? [...current, message] : current.map((m, i) => (i === at ? message : m));
      });

    void (async () => {
      let lastEventId: string | null = null;
      let failures = 0;
      while (!controller.signal.aborted && failures < MAX_FAILURES) {
        try {
          const headers: Record<string, string> = { Accept: 'text/event-stream', ...identityHeaders('auto').headers };
          if (lastEventId) headers['Last-Event-ID'] = lastEventId;
          const response = await fetch(`/api/v2/conversations/${encodeURIComponent(conversationId)}/events`, {
            headers,
            signal: controller.signal,
          });
          if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
          const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            failures = 0;
            if (value.id) lastEventId = value.id;
            if (value.event === 'message' || value.event === 'message_updated') merge(JSON.parse(value.data) as Message);
          }
        } catch (error) {
          if (controller.signal.aborted) return;
          failures += 1;
          console.warn('Conversation event stream failed:', error instanceof Error ? error.message : error);
        }
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** failures));
      }
    })();
    return () => controller.abort();
  }, [conversationId, queryClient]);
}
