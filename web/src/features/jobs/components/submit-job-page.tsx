import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { fileProblem } from '../../../lib/file-checks.ts';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { useSubmitJob } from '../api/submit-job.ts';
import { AttachmentDropZone } from './attachment-drop-zone.tsx';
import { useRedirectAfter } from '../../../lib/use-redirect-after.ts';
import { FormStatus } from '../../../components/form-status.tsx';

/** docs/product.md "Validation" and "Limits" texts and delays of the job submission. */
export const JOB_TEXTS = {
  missingFields: 'Please provide both a title and description for your job',
  failed: 'Failed to submit job. Please try again later.',
  submitted: 'Job submitted successfully! Opening your conversation...',
} as const;
const REDIRECT_AFTER_SUBMIT_MS = 3000;

/**
 * docs/product.md "Submit Job" and "Entities" "Submit job": idle, submitting, then success (cleared; 3 s later the new
 * conversation opens in Messages, where agent-1 answers) or error.
 */
export function SubmitJobPage() {
  const navigate = useNavigate();
  const submit = useSubmitJob();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [techStack, setTechStack] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const done = conversationId !== null;

  useRedirectAfter(done, `/messages?conversation=${encodeURIComponent(conversationId ?? '')}`, REDIRECT_AFTER_SUBMIT_MS);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (title.trim() === '' || description.trim() === '') {
      setError(JOB_TEXTS.missingFields);
      return;
    }
    try {
      const started = await submit.mutateAsync({
        title: title.trim(),
        description: description.trim(),
        techStack: techStack.trim(),
        files,
      });
      setTitle('');
      setDescription('');
      setTechStack('');
      setFiles([]);
      setConversationId(started);
    } catch (failure) {
      // An upload failure names its file (docs/product.md "Validation"); anything else is the generic text.
      const message = failure instanceof Error && failure.message.startsWith('Failed to upload file:') ? failure.message : JOB_TEXTS.failed;
      setError(message);
    }
  };
  const busy = submit.isPending;

  return (
    <PageLayout title="Submit a Job to the agent">
      <form className="panel job-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormStatus success={done ? JOB_TEXTS.submitted : null} error={error} />
        <label className="field">
          <span className="field__label">Job Title *</span>
          <input className="field__input" value={title} onChange={(event) => setTitle(event.target.value)} required disabled={busy} />
        </label>
        <label className="field">
          <span className="field__label">Job Description *</span>
          <textarea
            className="field__input"
            rows={6}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            required
            disabled={busy}
          />
        </label>
        <label className="field">
          <span className="field__label">Preferred Technology Stack (optional)</span>
          <input className="field__input" value={techStack} onChange={(event) => setTechStack(event.target.value)} disabled={busy} />
        </label>
        <AttachmentDropZone
          files={files}
          onAdd={(added) => setFiles((current) => [...current, ...added])}
          onRemove={(index) => setFiles((current) => current.filter((_, at) => at !== index))}
          disabled={busy}
        />
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={() => void navigate('/dashboard')} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || done || files.some((file) => fileProblem(file, 0) !== null)}
          >
            {busy ? 'Submitting...' : 'Submit Job'}
          </button>
        </div>
      </form>
    </PageLayout>
  );
}
