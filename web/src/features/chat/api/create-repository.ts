import { useMutation } from '@tanstack/react-query';
import type { CreateRepositoryRequest, RepositoryResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /code-sharing/api/test/repos` (docs/product.md "Calls") for the task of a conversation, as its owner.
 * @throws ApiError with the server's status and detail.
 */
export function createRepository(body: CreateRepositoryRequest): Promise<RepositoryResponse> {
  return apiRequest<RepositoryResponse>('/code-sharing/api/test/repos', { method: 'POST', body });
}

/** The modal's mutation: one repository per conversation's task. */
export function useCreateRepository() {
  return useMutation({ mutationFn: createRepository });
}
