import { useMutation } from '@tanstack/react-query';
import { AGENT_RECIPIENT_ID, type JobSubmission, type PostMessageResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { uploadFile } from './upload-file.ts';

export interface JobInput {
  title: string;
  description: string;
  techStack: string;
  files: File[];
}

/** The job payload of docs/product.md "Entities": the content combines title, description and stack. */
export function toJobSubmission({ title, description, techStack }: JobInput, attachments: string[]): JobSubmission {
  const parts = [`Job Title: ${title}`, `Job Description:\n${description}`];
  if (techStack) parts.push(`Preferred Technology Stack: ${techStack}`);
  return {
    type: 'direct',
    recipientId: AGENT_RECIPIENT_ID,
    content: parts.join('\n\n'),
    metadata: { jobTitle: title, techStack, attachments },
  };
}

/**
 * Uploads each file first (any failure stops the submission, docs/product.md "Validation"), then sends the job to
 * `POST /api/messages` as the signed-in user (Bearer token; never an agent key from the browser).
 * @returns the id of the conversation the job started.
 */
export async function submitJob(input: JobInput): Promise<string> {
  const urls: string[] = [];
  for (const file of input.files) urls.push(await uploadFile(file));
  const sent = await apiRequest<PostMessageResponse>('/api/messages', {
    method: 'POST',
    body: toJobSubmission(input, urls),
    identity: 'bearer',
  });
  return sent.conversation_id;
}

/** The Submit Job mutation. The conversation it leads to is fetched afresh when it opens. */
export function useSubmitJob() {
  return useMutation({ mutationFn: submitJob });
}
