import { taskPaymentSchema } from './payments.ts';
import { z } from 'zod';
import { proposalVersionSchema } from './intake.ts';
import { senderRoleSchema } from './messages.ts';
import { taskStatusSchema } from './tasks.ts';

/** Availability options of the profile (docs/product.md "Limits" "Availability options"). */
export const availabilitySchema = z.enum(['Full-time', 'Short-term', 'Not looking']);
export type Availability = z.infer<typeof availabilitySchema>;

/** A skills or accomplishments list: items trimmed, empty ones dropped (docs/product.md "Validation" "Profile edit"). */
const profileList = (label: string, itemMax: number) =>
  z
    .array(z.string().max(itemMax, `${label} items must be at most ${itemMax} characters`), { error: `${label} must be a list of texts` })
    .max(50, `${label} may hold at most 50 items`)
    .transform((items) => items.map((item) => item.trim()).filter((item) => item !== ''));

/**
 * Body of `PUT /api/v1/users/profile` (docs/product.md "Entities" "Profile edit payload"). `id`, when sent, must be the
 * caller's own id.
 */
export const profileUpdateSchema = z.object({
  id: z.string().optional(),
  name: z.string().trim().min(1, 'name must not be blank').max(100, 'name must be at most 100 characters'),
  email: z.string().trim().max(254, 'email must be at most 254 characters').pipe(z.email('email must be an email address')),
  availability: availabilitySchema.nullable().default(null),
  skills: profileList('skills', 100).default([]),
  accomplishments: profileList('accomplishments', 500).default([]),
  /** Emails from us on or off (docs/decisions/067-one-click-unsubscribe.md); left out, the setting stays as it is. */
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }).optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** The signed-in user's profile as the server holds it (docs/product.md "Entities" profile fields). */
export const profileSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  photoURL: z.string().nullable(),
  availability: availabilitySchema.nullable(),
  skills: z.array(z.string()),
  accomplishments: z.array(z.string()),
  handle: z.string().nullable(),
  userCategory: z.string().nullable(),
  location: z.string().nullable(),
  /** Whether we send this person emails (a one-click unsubscribe turns it off too). */
  emailNotifications: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Answer of `GET` and `PUT /api/v1/users/profile` (docs/product.md "Calls": status, profile). */
export const profileResponseSchema = z.object({ status: z.literal('success'), profile: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/**
 * One of the caller's conversations in `GET /api/v2/conversations`: the spec's Conversation fields
 * plus the latest message, how many messages from others the caller has not read, and its task.
 */
export const inboxConversationSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  message_count: z.number().int().nonnegative(),
  participants: z.array(z.string()),
  last_message_at: z.string(),
  last_message: z.object({ content: z.string(), sender_role: senderRoleSchema, created_at: z.string() }).nullable(),
  unread_count: z.number().int().nonnegative(),
  task: z.object({ id: z.string(), status: taskStatusSchema }).nullable(),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;

/** Answer of `GET /api/v2/conversations`: most recent first, and the unread total (the dashboard badge). */
export const inboxResponseSchema = z.object({
  conversations: z.array(inboxConversationSchema),
  unread_total: z.number().int().nonnegative(),
});
export type InboxResponse = z.infer<typeof inboxResponseSchema>;

/**
 * One of the caller's jobs in `GET /api/v2/user/tasks` (the dashboard's "Your Active Jobs") and
 * `GET /api/v2/conversations/{conversationId}/task` (the chat's header), with the hand-off to the
 * human experts (docs/decisions/069-task-status-event-lines.md).
 */
export const userTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: taskStatusSchema,
  createdAt: z.string(),
  conversationId: z.string(),
  /** The display name of the human expert holding the task; null while nobody does. */
  assigneeName: z.string().nullable(),
  /** Messages (expert replies, event lines) in the conversation the customer has not read. */
  unreadCount: z.number().int().nonnegative(),
  /** The latest event line of the task (its content as shown, and when); null before any. */
  lastEvent: z.object({ content: z.string(), createdAt: z.string() }).nullable(),
  completedAt: z.string().nullable(),
  /** When the customer confirmed the done work; null before (or after a reopen). */
  confirmedAt: z.string().nullable(),
  /** True when the task is done and not confirmed: the client offers Confirm and Reopen. */
  offerReopen: z.boolean(),
  /** True when the task is done: the client offers the rating (again, to change it). */
  canRate: z.boolean(),
  /** The customer's rating, when given. */
  rating: z.object({ score: z.number().int().min(1).max(5), comment: z.string().nullable() }).nullable(),
  /** The task's payment plan (docs/decisions/093-payments.md); null when payments are off or the task has none. */
  payment: taskPaymentSchema.nullable(),
});
export type UserTask = z.infer<typeof userTaskSchema>;

/**
 * `{id}` of the customer's task calls, each answering the task as {@link userTaskSchema}:
 * `POST /api/v2/user/tasks/{id}/confirm` (the done work is accepted), `POST /api/v2/user/tasks/{id}/reopen`
 * (back to the expert, IN_PROGRESS) and `POST /api/v2/user/tasks/{id}/rating` ({@link taskRatingRequestSchema}).
 */
export const userTaskParamsSchema = z.object({ id: z.string().uuid('id must be a UUID') });

/** Body of `POST /api/v2/user/tasks/{id}/rating`: 1 to 5, and an optional comment. */
export const taskRatingRequestSchema = z.object({
  score: z
    .number({ error: 'score must be a whole number from 1 to 5' })
    .int('score must be a whole number from 1 to 5')
    .min(1, 'score must be a whole number from 1 to 5')
    .max(5, 'score must be a whole number from 1 to 5'),
  comment: z
    .string()
    .trim()
    .max(2000, 'comment must be at most 2000 characters')
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .default(null),
});
export type TaskRatingRequest = z.input<typeof taskRatingRequestSchema>;

/**
 * A finished job (done and confirmed) as the dashboard remembers it: the task as {@link userTaskSchema}
 * (expert, dates, rating) and its final proposal as accepted (text without staff notes, version, when).
 */
export const finishedTaskSchema = userTaskSchema.extend({
  proposal: z.object({ content: z.string(), version: proposalVersionSchema.nullable(), acceptedAt: z.string().nullable() }).nullable(),
});
export type FinishedTask = z.infer<typeof finishedTaskSchema>;

/**
 * `GET /api/v2/user/tasks`: `tasks`, the jobs not done and the done ones not yet confirmed, newest first;
 * `finished`, the confirmed ones, the latest confirmed first.
 */
export const userTasksResponseSchema = z.object({ tasks: z.array(userTaskSchema), finished: z.array(finishedTaskSchema) });
export type UserTasksResponse = z.infer<typeof userTasksResponseSchema>;
