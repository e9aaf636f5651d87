import { z } from 'zod';

/** Guest session ids start with `guest-` (spec §3); we also bound their length and alphabet. */
export const guestSessionIdSchema = z
  .string()
  .regex(/^guest-[A-Za-z0-9_-]{6,64}$/, 'x-guest-session-id must look like guest-<6 to 64 letters, digits, _ or ->');

/** Every error answer of the API: `detail` is the human-readable reason (spec §8 reads it). */
export const errorResponseSchema = z.object({ detail: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
