import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AGENT_RECIPIENT_ID, type SendMessageResponse } from '@unstuck/contract';
import { apiRequest, NetworkError } from '../../../lib/api-client.ts';
import { randomId } from '../../../lib/storage.ts';
import { messagesQueryKey } from './get-messages.ts';

/** docs/product.md "Limits" "Send delay before request". */
export const SEND_DELAY_MS = 50;

export interface SendMessageInput {
  content: string;
  conversationId: string | null;
  /** Every attachment travels with the message, as repeated `file` parts (README "Deviations"). */
  files: File[];
}

function toForm({ content, conversationId, files }: SendMessageInput): FormData {
  const form = new FormData();
  form.append('content', content);
  form.append('type', 'direct');
  form.append('recipientId', AGENT_RECIPIENT_ID);
  if (conversationId) form.append('conversationId', conversationId);
  // Last, so the server has read every field before it streams the files.
  for (const file of files) form.append('file', file, file.name);
  return form;
}

const post = (input: SendMessageInput, idempotencyKey: string) =>
  apiRequest<SendMessageResponse>('/api/v2/messages', {
    method: 'POST',
    body: toForm(input),
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/**
 * Sends one message to the agent after the 50 ms delay of docs/product.md "Entities", retrying once when no answer
 * arrived (a network failure); API errors are not retried. Both attempts carry the same
 * `Idempotency-Key`, so a first attempt that reached the server but lost its answer is not stored twice.
 */
export async function sendMessage(input: SendMessageInput): Promise<SendMessageResponse> {
  // crypto.randomUUID exists only in secure contexts; randomId works over plain HTTP too.
  const idempotencyKey = randomId();
  await new Promise((resolve) => setTimeout(resolve, SEND_DELAY_MS));
  try {
    return await post(input, idempotencyKey);
  } catch (error) {
    if (error instanceof NetworkError) return post(input, idempotencyKey);
    throw error;
  }
}

/** The send mutation of the chat page (docs/product.md "Entities" "Message sending"). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (answer) => queryClient.invalidateQueries({ queryKey: messagesQueryKey(answer.conversation_id) }),
  });
}
