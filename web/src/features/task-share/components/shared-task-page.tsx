import type { ReactNode } from 'react';
import type { SharedMessage as SharedMessageView, ShareResponse } from '@unstuck/contract';
import { Link, useParams } from 'react-router';
import { CodeAnalysisView } from '../../../components/code-analysis.tsx';
import { FileIcon } from '../../../components/icons.tsx';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { Markdown } from '../../../components/markdown.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { StatusBadge, UserAcceptedBadge } from '../../../components/status-badge.tsx';
import { formatFileSize } from '../../../lib/format.ts';
import { useFormatTimestamp } from '../../../lib/reader-time-zone.ts';
import { useProductConfig } from '../../../lib/product-config.ts';
import { ShareLoadError, useSharedTask } from '../api/get-shared-task.ts';
import { sharedSenderLabel } from '../utils/share-errors.ts';
import { AccessRequestForm } from './access-request-form.tsx';

const languages = (value: string[] | string) => (Array.isArray(value) ? value.join(', ') : value);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="panel" aria-label={title}>
      <h2 className="panel__title">{title}</h2>
      {children}
    </section>
  );
}

/** One context message: sender label, time, its markdown rendered safely, and its attachment links. */
function SharedMessage({ message, aiName }: { message: SharedMessageView; aiName: string }) {
  const label = sharedSenderLabel(message.sender_id, message.sender_role, aiName);
  const formatTimestamp = useFormatTimestamp();
  return (
    <li className={`shared-message${message.sender_role === 'agent' ? ' shared-message--agent' : ''}`} aria-label={`Message from ${label}`}>
      <div className="shared-message__meta">
        <span className="shared-message__sender">{label}</span>
        <time dateTime={message.created_at}>{formatTimestamp(message.created_at)}</time>
      </div>
      {message.content ? <Markdown content={message.content} /> : null}
      {message.attachments.filter((a) => a.url).length > 0 ? (
        <ul className="admin-message__attachments" aria-label="Attachments">
          {message.attachments
            .filter((attachment) => attachment.url)
            .map((attachment, index) => (
              <li key={`${attachment.url}-${index}`}>
                <a href={attachment.url} target="_blank" rel="noreferrer">
                  <FileIcon width={14} height={14} /> {attachment.file_name}
                </a>{' '}
                ({formatFileSize(attachment.size)})
              </li>
            ))}
        </ul>
      ) : null}
    </li>
  );
}

function SharedTask({ shared, aiName }: { shared: ShareResponse; aiName: string }) {
  const { task, client, conversation_messages: messages, share_info: info } = shared;
  const formatTimestamp = useFormatTimestamp();
  return (
    <PageLayout title={task.title} wide publicPage>
      <div className="shared-task">
        <div className="shared-task__meta">
          <StatusBadge status={task.status} />
          {task.endUserAcceptedTask ? <UserAcceptedBadge /> : null}
          <span>Created {formatTimestamp(task.createdAt)}</span>
        </div>
        <Section title="Client">
          <dl className="facts">
            <dt>Reference ID</dt>
            <dd className="data-table__value">{client.reference_id}</dd>
            <dt>Project Type</dt>
            <dd>{client.task_type ?? 'Not classified yet'}</dd>
          </dl>
        </Section>
        <Section title="Description">
          <p className="pre-wrap">{task.description || '—'}</p>
        </Section>
        {task.clarifiedScope ? (
          <Section title="Clarified Scope">
            <Markdown content={task.clarifiedScope} />
          </Section>
        ) : null}
        {task.code_analysis || task.code_analysis_state ? (
          <Section title="Code Analysis">
            <CodeAnalysisView
              task={task}
              figures={
                task.code_analysis ? (
                  <dl className="facts">
                    <dt>Files</dt>
                    <dd>{task.code_analysis.file_count}</dd>
                    <dt>Lines</dt>
                    <dd>{task.code_analysis.line_count}</dd>
                    <dt>Main languages</dt>
                    <dd>{languages(task.code_analysis.main_languages)}</dd>
                  </dl>
                ) : null
              }
              empty={null}
            />
          </Section>
        ) : null}
        {task.jobSummaryForEngineer ? (
          <Section title="Technical Summary">
            <p className="pre-wrap">{task.jobSummaryForEngineer}</p>
          </Section>
        ) : null}
        <Section title="Conversation Context">
          {messages.length === 0 ? <p className="page__note">No messages</p> : null}
          <ol className="shared-messages">
            {messages.map((message) => (
              <SharedMessage key={message.id} message={message} aiName={aiName} />
            ))}
          </ol>
        </Section>
        <footer className="shared-task__footer">
          <span>
            Shared on {formatTimestamp(info.created_at)} · Expires on {formatTimestamp(info.expires_at)}
          </span>
          <Link to="/">Back to home</Link>
        </footer>
      </div>
    </PageLayout>
  );
}

/** The public shared-task page, `/task-share/{shareToken}` (docs/product.md "Screens"): no sign-in, the link is the key. */
export function SharedTaskPage() {
  const token = useParams().shareToken ?? '';
  const { aiName } = useProductConfig();
  const shared = useSharedTask(token);

  if (shared.isPending) return <PageSpinner label="Loading the shared task" />;
  if (shared.data) return <SharedTask shared={shared.data} aiName={aiName} />;
  const failure =
    shared.error instanceof ShareLoadError
      ? shared.error.failure
      : { message: `Failed to fetch shared task: ${shared.error?.message ?? ''}`, canRequestAccess: false };
  return (
    <PageLayout title="Shared task" publicPage>
      <section className="panel panel--narrow">
        <p className="banner banner--error" role="alert">
          {failure.message}
        </p>
        {failure.canRequestAccess ? <AccessRequestForm token={token} /> : null}
        <Link to="/">Back to home</Link>
      </section>
    </PageLayout>
  );
}
