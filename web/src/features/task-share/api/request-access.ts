import { useMutation } from '@tanstack/react-query';
import type { AccessRequestBody } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/task-share/{shareToken}/request-access` (docs/product.md "Calls"): name, email and message. */
export async function requestAccess(token: string, body: AccessRequestBody) {
  const { accessRequestResponseSchema } = await import('./share-response-schema.ts');
  return apiRequest(`/api/task-share/${encodeURIComponent(token)}/request-access`, {
    method: 'POST',
    identity: 'none',
    body,
    schema: accessRequestResponseSchema,
  });
}

export const useRequestAccess = (token: string) => useMutation({ mutationFn: (body: AccessRequestBody) => requestAccess(token, body) });
