import { useQuery } from '@tanstack/react-query';
import { accessRequestListSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

export const accessRequestsQueryKey = (taskId: string) => [...ADMIN_QUERY_ROOT, 'access-requests', taskId] as const;

/** `GET /api/admin/access-requests?task_id=`: requests left on a task's expired or inactive share pages. */
export const getAccessRequests = async (taskId: string) =>
  (
    await apiRequest(`/api/admin/access-requests?task_id=${encodeURIComponent(taskId)}`, {
      identity: 'bearer',
      schema: accessRequestListSchema,
    })
  ).access_requests;

export const useAccessRequests = (taskId: string, enabled: boolean) =>
  useQuery({ queryKey: accessRequestsQueryKey(taskId), queryFn: () => getAccessRequests(taskId), enabled, retry: false });
