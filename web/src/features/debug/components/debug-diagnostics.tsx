import { useState } from 'react';
import { getConversationMessages } from '../api/get-conversation-messages.ts';
import { getHealth } from '../api/get-health.ts';
import { listConversations } from '../api/list-conversations.ts';
import { sendTestMessage } from '../api/send-test-message.ts';

interface LogLine {
  id: number;
  title: string;
  body: string;
  ok: boolean;
}

/** docs/product.md "Screens" "Debug diagnostics": list conversations, check health, send a test message; each result is logged below. */
export function DebugDiagnostics() {
  const [lines, setLines] = useState<LogLine[]>([]);
  const [conversationIds, setConversationIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const run = async (title: string, call: () => Promise<unknown>) => {
    setBusy(true);
    let line: Omit<LogLine, 'id'>;
    try {
      line = { title, body: JSON.stringify(await call(), null, 2), ok: true };
    } catch (error) {
      line = { title, body: error instanceof Error ? error.message : String(error), ok: false };
    }
    setLines((current) => [{ ...line, id: (current[0]?.id ?? 0) + 1 }, ...current]);
    setBusy(false);
  };

  const list = () =>
    run('List conversations', async () => {
      const conversations = await listConversations();
      setConversationIds(conversations.map((c) => c.id));
      return conversations;
    });

  return (
    <section className="panel" aria-labelledby="diagnostics-title">
      <h2 id="diagnostics-title" className="panel__title">
        Diagnostics
      </h2>
      <div className="button-row">
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void list()}>
          List conversations
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void run('Check health', getHealth)}>
          Check health
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void run('Send test message', () => sendTestMessage(`Debug test message sent at ${new Date().toISOString()}`))}
        >
          Send test message
        </button>
      </div>
      {conversationIds.length > 0 ? (
        <div className="button-row">
          {conversationIds.map((id) => (
            <button
              key={id}
              type="button"
              className="button button--ghost button--small"
              disabled={busy}
              onClick={() => void run(`Messages of ${id.slice(0, 8)}`, () => getConversationMessages(id))}
            >
              Messages of {id.slice(0, 8)}
            </button>
          ))}
        </div>
      ) : null}
      <div className="diagnostics-log" role="log" aria-label="Diagnostics output">
        {lines.map((line) => (
          <article key={line.id} className={`diagnostics-log__entry ${line.ok ? '' : 'diagnostics-log__entry--failed'}`}>
            <h3 className="diagnostics-log__title">
              {line.title}: {line.ok ? 'ok' : 'failed'}
            </h3>
            <pre>{line.body}</pre>
          </article>
        ))}
      </div>
    </section>
  );
}
