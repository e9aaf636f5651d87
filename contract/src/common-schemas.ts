import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/** Guest session ids start with `guest-` (docs/product.md "Entities"); we also bound their length and alphabet. */
export const guestSessionIdSchema = z
  .string()
  .regex(/^guest-[A-Za-z0-9_-]{6,64}$/, 'x-guest-session-id must look like guest-<6 to 64 letters, digits, _ or ->');

/** One of the API's error codes ({@link ERROR_CODES}). */
export const errorCodeSchema = z.enum(ERROR_CODES);

/**
 * Every JSON error answer of the API: `code` says what happened for clients to branch on, `detail`
 * is the human-readable reason (the text people see; docs/decisions/024-error-codes.md).
 */
export const errorResponseSchema = z.object({ code: errorCodeSchema, detail: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
