import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { Message, MessageDraft } from '@unstuck/contract';
import { identityHeaders } from '../../../lib/api-client.ts';
import { messagesQueryKey } from './get-messages.ts';

/** After this many failed connections in a row the stream is left alone; polling (docs/product.md "Entities") carries on. */
const MAX_FAILURES = 5;

/** The agent's message being written, as the event stream last showed it. */
export interface StreamedDraft extends MessageDraft {
  conversationId: string;
  /** When this turn's first draft arrived (ISO 8601): the bubble's time. */
  startedAt: string;
}

/**
 * Follows a conversation's event stream (`GET /api/v2/conversations/{id}/events`) and puts each new or
 * changed message into the messages query at once. Read with fetch so the Bearer token or guest header
 * goes in a header, never a URL (docs/decisions/054-server-sent-events.md). Reconnects with
 * `Last-Event-ID`; polling keeps running beside it, so a blocked stream only loses speed, not messages.
 * @returns the agent's draft of its next message (decision 018), or null: none, an empty one (the
 *   attempt failed), an agent message arrived, or the stream dropped — a draft never outlives the
 *   stream that brought it.
 */
export function useConversationEvents(conversationId: string | null): StreamedDraft | null {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<StreamedDraft | null>(null);
  useEffect(() => {
    if (!conversationId) return;
    const controller = new AbortController();
    const showDraft = (next: MessageDraft) =>
      setDraft((current) =>
        next.content === ''
          ? null
          : {
              ...next,
              conversationId,
              startedAt:
                current?.conversationId === conversationId && current.reply_to === next.reply_to
                  ? current.startedAt
                  : new Date().toISOString(),
            },
      );
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
            if (value.event === 'message' || value.event === 'message_updated') {
              const message = JSON.parse(value.data) as Message;
              merge(message);
              // The agent's message replaces its draft.
              if (value.event === 'message' && message.sender_role === 'agent') setDraft(null);
            } else if (value.event === 'message_draft') {
              showDraft(JSON.parse(value.data) as MessageDraft);
            }
          }
          setDraft(null);
        } catch (error) {
          setDraft(null);
          if (controller.signal.aborted) return;
          failures += 1;
          console.warn('Conversation event stream failed:', error instanceof Error ? error.message : error);
        }
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** failures));
      }
    })();
    return () => controller.abort();
  }, [conversationId, queryClient]);
  return draft?.conversationId === conversationId ? draft : null;
}
