import { AGENT_RECIPIENT_ID, sendMessageResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/v2/messages` (docs/product.md "Calls" "debug test"): a direct message to the agent, as the caller. */
export function sendTestMessage(content: string) {
  const form = new FormData();
  form.append('content', content);
  form.append('type', 'direct');
  form.append('recipientId', AGENT_RECIPIENT_ID);
  return apiRequest('/api/v2/messages', { method: 'POST', body: form, schema: sendMessageResponseSchema });
}
