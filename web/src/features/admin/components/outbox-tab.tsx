import { useState } from 'react';
import type { OutboxEntry } from '@unstuck/contract';
import { InlineSpinner } from '../../../components/spinner.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { adminErrorText } from '../api/admin-errors.ts';
import { useOutbox, useOutboxEmail } from '../api/get-outbox.ts';
import { AdminTable } from './admin-table.tsx';
import { sanitizeEmailHtml } from './email-html.ts';

/** An email's state in words. */
function statusText(email: OutboxEntry): string {
  switch (email.status) {
    case 'outbox':
      return 'In outbox';
    case 'sent':
      return 'Sent';
    case 'skipped':
      return 'Skipped: emails off';
    case 'queued':
      return email.attempts > 0 ? `Waiting to retry (${email.attempts} failed: ${email.last_error ?? 'unknown error'})` : 'Queued';
  }
}

/**
 * Every email the server made, newest first (docs/decisions/023-email.md): without SMTP_URL they stay
 * here, so this is exactly what would have been sent; with it, what was sent. "View" opens one:
 * headers, the text body, and the HTML body sanitized (scripts, styles and forms removed) with its
 * source as text.
 */
export function OutboxTab() {
  const outbox = useOutbox();
  const [openId, setOpenId] = useState<number | null>(null);
  const transport = outbox.data?.pages[0]?.transport;
  return (
    <div className="admin-stack">
      {transport ? (
        <p className="admin-note">
          {transport === 'outbox'
            ? 'No SMTP server is configured (SMTP_URL): emails are kept here and not sent.'
            : 'Emails are sent through the SMTP server (SMTP_URL); this is what was sent.'}
        </p>
      ) : null}
      <AdminTable
        query={outbox}
        label="Outbox"
        loadingLabel="Loading the outbox..."
        failure="Failed to fetch the outbox"
        headers={['Time', 'To', 'Subject', 'Event', 'Status', 'Actions']}
        emptyText="No emails yet"
        rows={(data) =>
          data.pages
            .flatMap((page) => page.emails)
            .map((email) => (
              <tr key={email.id}>
                <td>{formatTimestamp(email.created_at)}</td>
                <td>{email.to}</td>
                <td>{email.subject}</td>
                <td className="data-table__value">{email.event}</td>
                <td>{statusText(email)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-expanded={openId === email.id}
                    aria-controls="outbox-email"
                    onClick={() => setOpenId(openId === email.id ? null : email.id)}
                  >
                    {openId === email.id ? 'Close' : 'View'}
                  </button>
                </td>
              </tr>
            ))
        }
      />
      {outbox.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void outbox.fetchNextPage()}
          disabled={outbox.isFetchingNextPage}
        >
          {outbox.isFetchingNextPage ? 'Loading...' : 'Load older emails'}
        </button>
      ) : null}
      {openId !== null ? <OutboxEmailView id={openId} /> : null}
    </div>
  );
}

/** One email as sent: headers, text, sanitized HTML and the HTML's source. */
function OutboxEmailView({ id }: { id: number }) {
  const email = useOutboxEmail(id);
  if (email.isPending) return <InlineSpinner label="Loading the email..." />;
  if (email.isError) {
    return (
      <p className="banner banner--error" role="alert">
        {adminErrorText(email.error, 'Failed to fetch the email')}
      </p>
    );
  }
  const data = email.data;
  return (
    <section id="outbox-email" className="panel outbox-email" aria-label={`Email to ${data.to}`}>
      <h2 className="outbox-email__subject">{data.subject}</h2>
      <dl className="outbox-email__headers">
        <dt>From</dt>
        <dd>{data.from}</dd>
        <dt>To</dt>
        <dd>{data.to}</dd>
        {Object.entries(data.headers).map(([name, value]) => (
          <div key={name} className="outbox-email__header">
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>Text</h3>
      <pre className="outbox-email__text">{data.text}</pre>
      <h3>HTML, without its styles</h3>
      {/* Sanitized by DOMPurify with an allowlist (email-html.ts): no script, style, form or event handler. */}
      <div className="outbox-email__html" dangerouslySetInnerHTML={{ __html: sanitizeEmailHtml(data.html) }} />
      <details>
        <summary>HTML source</summary>
        <pre className="outbox-email__text">{data.html}</pre>
      </details>
    </section>
  );
}
