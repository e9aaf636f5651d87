import type { ServerEvent, ServerEventBus } from '@modelcontextprotocol/server';
import type { McpConversationChanges } from './conversation-changes.ts';
import { WAITING_URI } from './mcp-server.ts';

/**
 * The change bus of one agent's 2026-07-28 `subscriptions/listen` stream (docs/decisions/090-mcp-2026-07-28.md).
 * The SDK's HTTP entry filters the events by the URIs the stream asked for; this bus decides which
 * events the agent may hear at all: a change of a conversation addressed to the agent (its
 * participants name it) updates that conversation and the agent's waiting list. Changes come from
 * the instance's shared feed (LISTEN/NOTIFY, so made on any instance), never from `publish`.
 * @param requested the URIs the stream asked for: all of them are told "may have changed" when the
 *   database listener reconnected (nothing is known then, so nothing is revealed).
 */
export function agentListenBus(changes: McpConversationChanges, agentId: string, requested: readonly string[]): ServerEventBus {
  return {
    // The SDK publishes only through `handler.notify`, which nothing here calls.
    publish: () => undefined,
    subscribe(listener: (event: ServerEvent) => void) {
      const updated = (uri: string) => listener({ kind: 'resource_updated', uri });
      return changes.subscribe({
        agentId,
        wantsAddressees: () => true,
        changed: (conversationId, addressed) => {
          if (!addressed) return;
          updated(`unstuck://conversations/${conversationId}`);
          updated(WAITING_URI);
        },
        changedAll: () => requested.forEach(updated),
      });
    },
  };
}

/** The resource URIs a `subscriptions/listen` request body asks for (none when it asks for none, or is not one). */
export function listenedUris(body: unknown): string[] | null {
  const request = body as { method?: unknown; params?: { notifications?: { resourceSubscriptions?: unknown } } } | null;
  if (request?.method !== 'subscriptions/listen') return null;
  const uris = request.params?.notifications?.resourceSubscriptions;
  return Array.isArray(uris) ? uris.filter((uri): uri is string => typeof uri === 'string') : [];
}
