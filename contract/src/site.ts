import { z } from 'zod';

/** Answer of `GET /api/config`: the working names the web app shows (configuration, not code). */
export const publicConfigSchema = z.object({
  productName: z.string(),
  aiName: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
