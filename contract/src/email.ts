import { z } from 'zod';

/**
 * Where an email stands: `queued` until it goes; `sent` (the SMTP server accepted it), `outbox`
 * (kept for the admins to read: no SMTP server is configured), `skipped` (the recipient turned
 * emails off before it went).
 */
export const emailStatusSchema = z.enum(['queued', 'sent', 'outbox', 'skipped']);
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/** One email in the admin Outbox list: to whom, what, why and when. */
export const outboxEntrySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** The event that caused it, e.g. `proposal_accepted`. */
  event: z.string(),
  /** Which of our emails it is, e.g. `new-task`. */
  template: z.string(),
  status: emailStatusSchema,
  /** Failed attempts to send it so far, and the last failure, while the SMTP server refused or was down. */
  attempts: z.number().int().nonnegative(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** Query of `GET /api/admin/outbox`: a page of `limit` emails older than email `before`. */
export const outboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
});

/**
 * `GET /api/admin/outbox`: newest first; `next_before` fetches the next page, null at the end.
 * `transport` says whether emails go to an SMTP server or stay in this outbox.
 */
export const outboxResponseSchema = z.object({
  transport: z.enum(['smtp', 'outbox']),
  emails: z.array(outboxEntrySchema),
  next_before: z.number().int().nullable(),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

export const outboxEmailParamsSchema = z.object({ id: z.coerce.number().int().positive('id must be a positive number') });

/** `GET /api/admin/outbox/{id}`: one email as sent, bodies and headers included. */
export const outboxEmailSchema = outboxEntrySchema.extend({
  from: z.string(),
  headers: z.record(z.string(), z.string()),
  text: z.string(),
  html: z.string(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;
