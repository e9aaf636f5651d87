import { useInfiniteQuery } from '@tanstack/react-query';
import { auditLogResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

export const auditLogQueryKey = [...ADMIN_QUERY_ROOT, 'audit-log'] as const;
const PAGE = 50;

/** `GET /api/admin/audit-log`: a page of entries older than `before`, newest first. */
export const getAuditLog = (before: number | null) =>
  apiRequest(`/api/admin/audit-log?limit=${PAGE}${before ? `&before=${before}` : ''}`, {
    identity: 'bearer',
    schema: auditLogResponseSchema,
  });

/** The audit log, a page at a time. */
export const useAuditLog = () =>
  useInfiniteQuery({
    queryKey: auditLogQueryKey,
    queryFn: ({ pageParam }) => getAuditLog(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    retry: false,
  });
