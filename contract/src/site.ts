import { z } from 'zod';

/**
 * Answer of `GET /api/config`: the working names and the rate the web app shows (configuration, not
 * code). `hourlyRate` is already formatted for en-US readers, e.g. "$95".
 */
export const publicConfigSchema = z.object({
  productName: z.string(),
  aiName: z.string(),
  hourlyRate: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
