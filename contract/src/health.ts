import { z } from 'zod';

/**
 * Answer of `GET /api/health`: 200 when the database answers and sign-in is ready, 503 otherwise
 * (`identity: 'starting'` while the embedded provider starts, just after the server listens).
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  identity: z.enum(['ok', 'starting']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
