import { z } from 'zod';

/** Answer of `GET /api/health`: 200 when the database answers, 503 otherwise. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
