import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { ConversationChangeListener, McpConversationChanges } from '../../src/modules/external-agents/mcp/conversation-changes.ts';
import { createMcpServer, UPDATE_WINDOW_MS, WAITING_URI } from '../../src/modules/external-agents/mcp/mcp-server.ts';

/**
 * The session transport's subscriptions, driven in memory so the moment a change is heard can be chosen:
 * over the network that moment races the update window (the suites in mcp.test.ts and mcp-push.test.ts).
 */
describe('resource subscriptions on the session transport', () => {
  async function connect() {
    const listeners: ConversationChangeListener[] = [];
    // The instance's change feed, told by hand: the subject is what the server does with what it hears.
    const changes = {
      subscribe: (listener: ConversationChangeListener) => {
        listeners.push(listener);
        return () => listeners.splice(listeners.indexOf(listener), 1);
      },
    } as unknown as McpConversationChanges;
    const deps = { config: loadConfig({}) } as Parameters<typeof createMcpServer>[0];
    const server = createMcpServer(deps, { keyId: 'k', agentId: 'agent-x', agentName: 'X' }, 'sse', { kind: 'subscribe', changes });
    const client = new Client({ name: 'subscriptions-test', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    const updates: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      updates.push(notification.params.uri);
    });
    const change = () => listeners.forEach((listener) => listener.changed('0b7c1a52-4e3f-4d8a-9b1e-2f6a7c9d0e11', true));
    return { client, updates, change };
  }

  const afterWindow = () => new Promise((resolve) => setTimeout(resolve, UPDATE_WINDOW_MS * 3));

  it('sends one update for the changes of a window', async () => {
    const { client, updates, change } = await connect();
    await client.subscribeResource({ uri: WAITING_URI });
    change();
    change();
    await afterWindow();
    expect(updates).toEqual([WAITING_URI]);
    await client.close();
  });

  it('sends nothing after the unsubscribe answer, even for a change heard before it', async () => {
    const { client, updates, change } = await connect();
    await client.subscribeResource({ uri: WAITING_URI });
    change();
    await client.unsubscribeResource({ uri: WAITING_URI });
    await afterWindow();
    expect(updates).toEqual([]);
    change();
    await afterWindow();
    expect(updates).toEqual([]);
    await client.close();
  });
});
