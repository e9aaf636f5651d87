import { useState, type ReactNode } from 'react';
import { TASK_SECTION_MARKER, type AdminTask, type Message } from '@unstuck/contract';
import { CodeAnalysisView } from '../../../components/code-analysis.tsx';
import { Markdown } from '../../../components/markdown.tsx';
import { InlineSpinner } from '../../../components/spinner.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { usePaymentsConfig, useProductConfig } from '../../../lib/product-config.ts';
import { adminErrorText } from '../api/admin-errors.ts';
import { useAccessRequests } from '../api/get-access-requests.ts';
import { useConversationMessages } from '../api/get-conversation-messages.ts';
import { useSaveAdminNotes } from '../api/save-admin-notes.ts';
import { AccessRequests } from './access-requests.tsx';
import { PaymentLedger } from './payment-ledger.tsx';

/** docs/product.md "Limits" "Admin card conversation context": the first 10 messages, each cut at 200 characters. */
const CONTEXT_MESSAGES = 10;
const CONTEXT_CHARACTERS = 200;

/** The customer, an expert or the AI by name (a guest customer as "Guest"). */
const senderOf = (message: Message, task: AdminTask, aiName: string) => {
  if (message.sender_role === 'user') return task.userName ?? 'Guest';
  return message.sender_name ?? (message.sender_id.startsWith('agent-') ? aiName : 'Expert');
};
const cut = (text: string) => (text.length > CONTEXT_CHARACTERS ? `${text.slice(0, CONTEXT_CHARACTERS)}…` : text);
const languages = (value: string[] | string) => (Array.isArray(value) ? value.join(', ') : value);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="task-field">
      <h3 className="task-field__label">{label}</h3>
      <div className="task-field__value">{children}</div>
    </div>
  );
}

/**
 * The detail view of a task card (docs/product.md "Screens"): description, clarified scope, engineer summary, GitHub
 * repository, code analysis, the first messages, the admin notes (saved: README "Deviations") and
 * the access requests its share links received, to approve or decline.
 */
export function TaskDetails({ task }: { task: AdminTask }) {
  const messages = useConversationMessages(task.conversationId);
  const payments = usePaymentsConfig();
  const { aiName } = useProductConfig();
  const requests = useAccessRequests(task.id, task.accessRequestCount > 0);
  const save = useSaveAdminNotes();
  const [notes, setNotes] = useState(task.adminNotes ?? '');
  const saved = notes === (task.adminNotes ?? '');

  return (
    <div className="task-details">
      <Field label="Description">
        <p className="pre-wrap">{task.description || '—'}</p>
      </Field>
      <Field label="Clarified Scope">{task.clarifiedScope ? <Markdown content={task.clarifiedScope} /> : <p>Not clarified yet</p>}</Field>
      <Field label="Engineer Summary">
        {task.jobSummaryForEngineer ? <Markdown content={task.jobSummaryForEngineer} /> : <p>Not written yet</p>}
      </Field>
      <Field label="GitHub Repository">
        {task.github_repository ? (
          <p>
            <a href={task.github_repository.url} target="_blank" rel="noreferrer">
              {task.github_repository.name}
            </a>{' '}
            (created {formatTimestamp(task.github_repository.created_at)})
          </p>
        ) : (
          <p>No repository yet</p>
        )}
      </Field>
      <Field label="Code Analysis">
        <CodeAnalysisView
          task={task}
          figures={
            task.code_analysis ? (
              <p>
                {task.code_analysis.file_count} files, {task.code_analysis.line_count} lines; main languages:{' '}
                {languages(task.code_analysis.main_languages)}
              </p>
            ) : null
          }
          empty={<p>No code analysed yet</p>}
        />
      </Field>
      {task.assigneeName ? (
        <Field label="Expert">
          <p>
            {task.assigneeName}, since {task.assignedAt ? formatTimestamp(task.assignedAt) : '—'}
            {task.completedAt ? `; done ${formatTimestamp(task.completedAt)}` : ''}
          </p>
        </Field>
      ) : null}
      {payments ? (
        <Field label="Payment">
          <PaymentLedger taskId={task.id} />
        </Field>
      ) : null}
      <Field label={`Conversation (first ${CONTEXT_MESSAGES} messages)`}>
        {messages.isPending ? <InlineSpinner /> : null}
        {messages.isError ? <p role="alert">{adminErrorText(messages.error, 'Failed to fetch messages')}</p> : null}
        {messages.data?.length === 0 ? <p>No messages found</p> : null}
        <ol className="task-context">
          {messages.data?.slice(0, CONTEXT_MESSAGES).map((message) => (
            <li key={message.id}>
              <strong>{senderOf(message, task, aiName)}:</strong> {cut(message.content.split(TASK_SECTION_MARKER)[0]?.trim() ?? '')}
              {message.attachments.length > 0 ? (
                <span className="task-context__files"> ({message.attachments.length} attachments)</span>
              ) : null}
            </li>
          ))}
        </ol>
      </Field>
      {task.accessRequestCount > 0 ? (
        <Field label="Access Requests">
          <AccessRequests taskId={task.id} requests={requests.data ?? []} />
        </Field>
      ) : null}
      <label className="field">
        <span className="field__label">Admin Notes</span>
        <textarea className="field__input" rows={3} value={notes} onChange={(event) => setNotes(event.target.value)} />
      </label>
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={saved || save.isPending}
          onClick={() => save.mutate({ taskId: task.id, adminNotes: notes })}
        >
          {save.isPending ? 'Saving...' : saved && save.isSuccess ? 'Notes saved' : 'Save Notes'}
        </button>
        {save.isError ? <span role="alert">{adminErrorText(save.error, 'Failed to save notes')}</span> : null}
      </div>
    </div>
  );
}
