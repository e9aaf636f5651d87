import { useQuery } from '@tanstack/react-query';
import { shareLinkListSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

export const shareLinksQueryKey = (taskId: string) => [...ADMIN_QUERY_ROOT, 'tasks', taskId, 'shares'] as const;

/** `GET /api/admin/tasks/{id}/shares`: a task's links and their state. */
export const getShareLinks = async (taskId: string) =>
  (await apiRequest(`/api/admin/tasks/${encodeURIComponent(taskId)}/shares`, { identity: 'bearer', schema: shareLinkListSchema })).shares;

export const useShareLinks = (taskId: string, enabled: boolean) =>
  useQuery({ queryKey: shareLinksQueryKey(taskId), queryFn: () => getShareLinks(taskId), enabled, retry: false });
