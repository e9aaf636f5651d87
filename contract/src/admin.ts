import { z } from 'zod';
import { AGENT_RECIPIENT_ID } from './common.ts';
import { identityProviderIdSchema } from './auth.ts';
import { conversationSummarySchema, messageListSchema } from './messages.ts';
import { taskSchema } from './tasks.ts';

/** What the server answers (403) and the admin UI shows to a signed-in non-admin (docs/product.md "Roles", "Errors" "Admin"). */
export const ADMIN_ACCESS_DENIED = 'Access denied: Admin privileges required';

/** `{id}` of the admin paths that name a user: a user's UUID or a guest's participant id (as the users list shows it). */
export const adminUserParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** `{id}` of the admin paths that name a conversation, task, API key or share link. */
export const adminIdParamsSchema = z.object({ id: z.string().uuid('id must be a UUID') });

/**
 * A user as the admin area lists them (the product's admin view of a user). A guest is shown by its
 * participant id (`uid` and `sessionId`; its own guest id is its credential and stays with it), with
 * the placeholder name "Guest" plus 6 characters of that id and email "Guest User";
 * `provider` is the identity provider the person signs in with (null for guests).
 */
export const adminUserSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(['admin', 'guest', 'user']),
  isExpert: z.boolean(),
  isGuest: z.boolean(),
  sessionId: z.string().nullable(),
  lastLogin: z.string().nullable(),
  provider: identityProviderIdSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /api/admin/users`: an array of users, guests included (docs/product.md "Calls"). */
export const adminUserListSchema = z.array(adminUserSchema);

/** Body of `POST /api/admin/users/set-expert` (docs/product.md "Calls"). */
export const setExpertRequestSchema = z.object({
  userId: z.string().min(1, 'userId is required').max(100),
  isExpert: z.boolean({ error: 'isExpert must be true or false' }),
});
/** Its answer (the spec does not show one): the user as now stored. */
export const setExpertResponseSchema = z.object({ success: z.literal(true), user: adminUserSchema });

/** `POST /api/admin/users/{id}/refresh-{provider}-data` (docs/product.md "Entities" "Refresh response"). */
export const refreshUserDataParamsSchema = z.object({ id: z.string().min(1).max(100), provider: z.string().min(1).max(40) });
export const refreshUserDataResponseSchema = z.object({
  user_data: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  /** Tasks whose customer name or email changed with the refresh. */
  updated_tasks: z.number().int().nonnegative(),
});
export type RefreshUserDataResponse = z.infer<typeof refreshUserDataResponseSchema>;

/** `DELETE /api/admin/users/{id}` (its shape is not shown by the spec): what went with the user. */
export const deleteUserResponseSchema = z.object({
  deleted_user_id: z.string(),
  deleted_conversations: z.number().int().nonnegative(),
  deleted_messages: z.number().int().nonnegative(),
  deleted_tasks: z.number().int().nonnegative(),
  deleted_files: z.number().int().nonnegative(),
});

/** `DELETE /api/admin/guests/delete-all` (docs/product.md "Entities" "Guest data deletion result"). */
export const deleteGuestDataResponseSchema = z.object({
  deleted_guest_users: z.number().int().nonnegative(),
  deleted_guest_messages: z.number().int().nonnegative(),
  deleted_guest_conversations: z.number().int().nonnegative(),
});
export type DeleteGuestDataResponse = z.infer<typeof deleteGuestDataResponseSchema>;

/** `GET /api/admin/users/{id}/conversations` (docs/product.md "Calls" "conversations"). */
export const adminConversationListSchema = z.object({ conversations: z.array(conversationSummarySchema) });

/** `GET /api/admin/conversations/{id}/messages` (docs/product.md "Calls" "messages"): staff notes included. */
export const adminMessageListSchema = z.object({ messages: messageListSchema });

/** `DELETE /api/admin/conversations/{id}`: its messages, its task and its files go with it. */
export const deleteConversationResponseSchema = z.object({
  deleted_conversation_id: z.string(),
  deleted_messages: z.number().int().nonnegative(),
  deleted_tasks: z.number().int().nonnegative(),
  deleted_files: z.number().int().nonnegative(),
});

/**
 * A task as the admin Tasks tab shows it: the Task plus the customer's role and, for a guest, its
 * participant id as `sessionId` (the tab's customer info; `userId` is the same id for a guest), the agent's classification, the expert hand-off, and how
 * many access requests its share links received.
 */
export const adminTaskSchema = taskSchema.extend({
  userRole: z.enum(['guest', 'user']),
  sessionId: z.string().nullable(),
  taskType: z.string().nullable(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  assignedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  accessRequestCount: z.number().int().nonnegative(),
});
export type AdminTask = z.infer<typeof adminTaskSchema>;

/** `GET /api/v2/tasks`: an array of tasks, newest first (docs/product.md "Calls"). */
export const adminTaskListSchema = z.array(adminTaskSchema);

/** `DELETE /api/admin/tasks/{id}`: the task alone goes (docs/product.md "Screens" "deleting a task removes the task"). */
export const deleteTaskResponseSchema = z.object({ deleted_task_id: z.string() });

/** `PATCH /api/admin/tasks/{id}`: the admin notes, saved (README "Deviations": the spec's were not). */
export const updateAdminNotesRequestSchema = z.object({
  adminNotes: z.string().max(20_000, 'adminNotes must be at most 20000 characters'),
});

/**
 * Body of `POST /api/admin/tasks/{id}/assign`: the expert (a user id, as the Users tab shows it) to
 * give an accepted task to, or null to put it back in the queue (docs/decisions/069-task-status-event-lines.md).
 * Answers the task as the admin Tasks tab lists it.
 */
export const assignTaskRequestSchema = z.object({
  expertId: z.string({ error: 'expertId is required (null puts the task back in the queue)' }).min(1).max(100).nullable(),
});
export type AssignTaskRequest = z.infer<typeof assignTaskRequestSchema>;

/** A customer's rating of done work, as admins read it. */
export const adminRatingSchema = z.object({
  taskId: z.string(),
  taskTitle: z.string(),
  conversationId: z.string(),
  customerName: z.string(),
  expertId: z.string().nullable(),
  expertName: z.string().nullable(),
  score: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  ratedAt: z.string(),
});
export type AdminRating = z.infer<typeof adminRatingSchema>;

/** `GET /api/admin/ratings`: every rating, newest first, and the average score (null without ratings). */
export const adminRatingListSchema = z.object({
  ratings: z.array(adminRatingSchema),
  averageScore: z.number().nullable(),
});
export type AdminRatingList = z.infer<typeof adminRatingListSchema>;

/** An agent API key (docs/product.md "Entities" "ApiKey"); the key itself is never listed. */
export const apiKeySchema = z.object({
  id: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  lastAccess: z.string().nullable(),
  accessCount: z.number().int().nonnegative(),
  /** A rotated-out key works until then (its successor beside it); null for a current key. */
  expiresAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/**
 * The recipients an agent key can act as: the agents guests' messages are addressed to. A key acts
 * as its agent id, so a key for any other id could never read or write a conversation
 * (docs/decisions/028-agent-keys-per-recipient.md).
 */
export const AGENT_KEY_RECIPIENTS = [
  {
    id: AGENT_RECIPIENT_ID,
    label: `${AGENT_RECIPIENT_ID} (the intake agent)`,
    description:
      'Every guest and user conversation is addressed to agent-1. A key for it lets an outside agent read those conversations and answer as agent-1 (with AGENT_MODE=external, instead of the built-in brain).',
  },
] as const;

/** How long a rotated-out key keeps working beside its successor, in hours. */
export const API_KEY_ROTATION_GRACE_HOURS = 24;

/** `GET /api/admin/agents/apikeys` (docs/product.md "Calls" "api_keys"), newest first. */
export const apiKeyListResponseSchema = z.object({ api_keys: z.array(apiKeySchema) });

/**
 * Body of `POST /api/admin/agents/apikeys`: both required (docs/product.md "Validation"); `agentId` one of
 * {@link AGENT_KEY_RECIPIENTS}. An agent has one current key: `rotate: true` makes a new one and gives
 * the current one {@link API_KEY_ROTATION_GRACE_HOURS} more hours; without it a second key is refused.
 */
export const createApiKeyRequestSchema = z.object({
  agentId: z.enum([AGENT_RECIPIENT_ID], {
    error: (issue) =>
      issue.input === undefined
        ? 'agentId is required'
        : `agentId must be one of the agents that receive messages: ${AGENT_KEY_RECIPIENTS.map((recipient) => recipient.id).join(', ')}`,
  }),
  agentName: z
    .string({ error: 'agentName is required' })
    .trim()
    .min(1, 'agentName is required')
    .max(120, 'agentName must be at most 120 characters'),
  rotate: z.boolean().default(false),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** Its answer: the new key, with `api_key` present only here (docs/product.md "Entities"), shown once. */
export const createApiKeyResponseSchema = apiKeySchema.extend({ api_key: z.string() });
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

/** `DELETE /api/admin/agents/apikeys/{id}`: the revoked key (docs/product.md "Entities" "Active to Revoked"). */
export const revokeApiKeyResponseSchema = z.object({ revoked: z.literal(true), key: apiKeySchema });

/** Share link lifetime bounds; 24 hours by default (docs/product.md "Limits"). */
export const SHARE_EXPIRY_HOURS = { default: 24, min: 1, max: 720 } as const;

/** Body of `POST /api/admin/tasks/{id}/share` (docs/product.md "Calls": expiry_hours, default 24); no body means the default. */
export const createShareRequestSchema = z
  .object({
    expiry_hours: z
      .number({ error: 'expiry_hours must be a number of hours' })
      .int('expiry_hours must be a whole number of hours')
      .min(SHARE_EXPIRY_HOURS.min, `expiry_hours must be at least ${SHARE_EXPIRY_HOURS.min}`)
      .max(SHARE_EXPIRY_HOURS.max, `expiry_hours must be at most ${SHARE_EXPIRY_HOURS.max}`)
      .default(SHARE_EXPIRY_HOURS.default),
  })
  .default({ expiry_hours: SHARE_EXPIRY_HOURS.default });

/**
 * Its answer (docs/product.md "Entities" "Share creation response"): the token under both of the spec's names, the
 * absolute `/task-share/{token}` link and the expiry. The token is shown only here.
 */
export const createShareResponseSchema = z.object({
  id: z.string(),
  share_token: z.string(),
  token: z.string(),
  share_url: z.string(),
  expires_at: z.string(),
  expiry_hours: z.number().int(),
});
export type CreateShareResponse = z.infer<typeof createShareResponseSchema>;

/** A share link as admins list it (docs/product.md "Share link": active, expired or inactive). */
export const shareLinkSchema = z.object({
  id: z.string(),
  task_id: z.string(),
  status: z.enum(['active', 'expired', 'revoked']),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_by: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** `GET /api/admin/tasks/{id}/shares`, newest first. */
export const shareLinkListSchema = z.object({ shares: z.array(shareLinkSchema) });

/** An access request left on an expired or inactive share page. */
export const accessRequestSchema = z.object({
  id: z.string(),
  share_id: z.string(),
  task_id: z.string(),
  task_title: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  created_at: z.string(),
  /** An admin's answer: `pending` until approved (a new link was emailed) or declined (a note was emailed). */
  status: z.enum(['pending', 'approved', 'declined']),
  /** When it was answered; null while pending. */
  decided_at: z.string().nullable(),
});
export type AccessRequest = z.infer<typeof accessRequestSchema>;

/**
 * Body of `POST /api/admin/access-requests/{id}/approve`: the new link's lifetime, as when a link is
 * made by hand (the same bounds and default). `POST /api/admin/access-requests/{id}/decline` takes none.
 */
export const approveAccessRequestSchema = createShareRequestSchema;

/** `GET /api/admin/access-requests` (optionally `?task_id=`), newest first. */
export const accessRequestListQuerySchema = z.object({ task_id: z.string().uuid('task_id must be a UUID').optional() });
export const accessRequestListSchema = z.object({ access_requests: z.array(accessRequestSchema) });

/** One audit log entry: who changed what, when, on which target. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.string(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Query of `GET /api/admin/audit-log`: a page of `limit` entries older than entry `before`. */
export const auditLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
});

/** `GET /api/admin/audit-log`: newest first; `next_before` fetches the next page, null at the end. */
export const auditLogResponseSchema = z.object({ entries: z.array(auditEntrySchema), next_before: z.number().int().nullable() });
