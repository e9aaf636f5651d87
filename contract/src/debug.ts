import { z } from 'zod';
import { conversationSummarySchema } from './messages.ts';

/** Answer of `GET /api/ping` (debug pages only). */
export const pingResponseSchema = z.object({ status: z.literal('ok'), time: z.string() });
export type PingResponse = z.infer<typeof pingResponseSchema>;

/** Answer of `GET /api/session` (debug pages only; docs/product.md "Calls": name, email, id, handle, userCategory, skills, location). */
export const debugSessionResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    handle: z.string().nullable(),
    userCategory: z.string().nullable(),
    skills: z.array(z.string()),
    location: z.string().nullable(),
  }),
});

/** `GET /api/conversations` (debug pages only). */
export const conversationSummaryListSchema = z.array(conversationSummarySchema);
