import { z } from 'zod';

/** Answer of `GET /api/ping` (debug pages only). */
export const pingResponseSchema = z.object({ status: z.literal('ok'), time: z.string() });

/** Answer of `GET /api/session` (debug pages only; spec §7: name, email, id, handle, userCategory, skills, location). */
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

/** One conversation in `GET /api/conversations` (debug pages only; spec §3 "Conversation"). */
export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  message_count: z.number().int().nonnegative(),
  participants: z.array(z.string()),
  last_message_at: z.string(),
});
export const conversationSummaryListSchema = z.array(conversationSummarySchema);
