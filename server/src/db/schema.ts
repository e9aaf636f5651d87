import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  Attachment,
  AuthUserClaims,
  MessageMetadata,
  PaymentEntry,
  PaymentStatus,
  ProposalStatus,
  Task,
  TaskStatus,
} from '@unstuck/contract';

/** The profile claims an identity provider sent at the last sign-in (OpenID Core §5.1 names). */
export interface IdentityClaims {
  email: string | null;
  email_verified: boolean;
  name: string | null;
  picture: string | null;
  /** When we received them, ISO 8601. */
  received_at: string;
}

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * Signed-in users and guests (docs/product.md "Entities" "User"). Guest ids are their `guest-` session id; signed-in
 * ids are ours (UUID), linked to the identity provider by (issuer, subject).
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    // A guest's id is its only credential: everyone but the guest sees this random id instead
    // (docs/decisions/021-participant-ids.md). Every row gets one; only guests' are shown.
    participantId: text('participant_id')
      .notNull()
      .unique()
      .default(sql`('participant-' || replace(gen_random_uuid()::text, '-', ''))`),
    email: text('email'),
    name: text('name'),
    picture: text('picture'),
    role: text('role', { enum: ['guest', 'user', 'admin'] })
      .notNull()
      .default('user'),
    isExpert: boolean('is_expert').notNull().default(false),
    isGuest: boolean('is_guest').notNull().default(false),
    identityIssuer: text('identity_issuer'),
    identitySubject: text('identity_subject'),
    // Only a verified email may match ADMIN_EMAILS: an unverified one is whatever the person typed.
    emailVerified: boolean('email_verified').notNull().default(false),
    availability: text('availability'),
    skills: jsonb('skills').$type<string[]>().notNull().default([]),
    accomplishments: jsonb('accomplishments').$type<string[]>().notNull().default([]),
    handle: text('handle'),
    userCategory: text('user_category'),
    location: text('location'),
    // Set when the person edits their profile: from then on sign-in keeps their name and email
    // instead of the provider's (the identity stays issuer + subject).
    profileEditedAt: timestamp('profile_edited_at', { withTimezone: true, mode: 'date' }),
    // The provider this person signs in with (`google`, `linkedin`, `oidc`, `dev`) and the profile
    // claims it last sent, so an admin can put the profile back to what the provider says.
    identityProvider: text('identity_provider'),
    identityClaims: jsonb('identity_claims').$type<IdentityClaims>(),
    // A guest whose data went to a signed-in user keeps its row, so a replayed guest id is recognised.
    mergedIntoUserId: text('merged_into_user_id'),
    lastLogin: timestamp('last_login', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_identity_idx').on(t.identityIssuer, t.identitySubject)],
);

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    participants: jsonb('participants').$type<string[]>().notNull().default([]),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    // The agent key of the external agent that took the conversation over (its reply or
    // `claim_conversation`): agent-1's built-in brain no longer answers it (decision 073).
    agentClaimKeyId: uuid('agent_claim_key_id'),
    agentClaimedAt: timestamp('agent_claimed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('conversations_owner_idx').on(t.ownerId)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Insertion order: timestamps of two messages in one millisecond would tie.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').notNull(),
    recipientId: text('recipient_id').notNull(),
    // Set for a human expert's reply (the expert hand-off); otherwise the id's prefix decides.
    // `system` for an event line: a task's status change shown in its conversation (decision 069).
    senderRole: text('sender_role', { enum: ['expert', 'system'] }),
    // The expert's display name when they wrote, shown to the customer.
    senderName: text('sender_name'),
    content: text('content').notNull(),
    type: text('type').notNull().default('direct'),
    read: boolean('read').notNull().default(false),
    moderationStatus: text('moderation_status').notNull().default('approved'),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<MessageMetadata>().notNull().default({}),
    replyToMessageId: uuid('reply_to_message_id'),
    // Makes an agent turn idempotent: a retried job cannot store the same answer twice.
    turnKey: text('turn_key'),
    // A sender's Idempotency-Key and the SHA-256 of the request it came with: a retried send finds its
    // message instead of storing a second one. Kept as long as the message (≥ 24 h).
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.seq),
    index('messages_sender_idx').on(t.senderId),
    // Unread counts (GET /api/v2/conversations) look only at unread rows.
    index('messages_unread_idx')
      .on(t.conversationId)
      .where(sql`${t.read} = false`),
    uniqueIndex('messages_turn_key_idx').on(t.turnKey),
    uniqueIndex('messages_sender_idempotency_key_idx').on(t.senderId, t.idempotencyKey),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<TaskStatus>().notNull().default('PENDING_CLARIFICATION'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    endUserAcceptedTask: boolean('end_user_accepted_task').notNull().default(false),
    diagnosis: text('diagnosis'),
    clarifiedScope: text('clarified_scope'),
    jobSummaryForEngineer: text('job_summary_for_engineer'),
    proposalMessageId: uuid('proposal_message_id'),
    proposalContent: text('proposal_content'),
    proposalStatus: text('proposal_status').$type<ProposalStatus>(),
    proposalAcceptedAt: timestamp('proposal_accepted_at', { withTimezone: true, mode: 'date' }),
    // The current proposal's version (the accepted one once accepted; decision 030).
    proposalVersion: integer('proposal_version'),
    adminNotes: text('admin_notes'),
    // The kind of work as the agent classified it ("bug fix", "new feature"…), the share page's project type.
    taskType: text('task_type'),
    // The expert who took the accepted task, and when; completedAt when they marked it done.
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    // The customer's answer to done work (docs/decisions/069-task-status-event-lines.md): confirmed (cleared
    // by a reopen), and a rating of 1 to 5 with an optional comment (changeable; ratedAt the latest).
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    ratingScore: integer('rating_score'),
    ratingComment: text('rating_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true, mode: 'date' }),
    githubRepository: jsonb('github_repository').$type<Task['github_repository']>(),
    codeAnalysis: jsonb('code_analysis').$type<Task['code_analysis']>(),
    // Where the latest analysis request stands (decision 025): pending while a job runs or waits.
    codeAnalysisState: text('code_analysis_state').$type<Task['code_analysis_state']>(),
    // Why the latest analysis gave no figures (a refused archive, a limit reached); null otherwise.
    codeAnalysisFailure: text('code_analysis_failure'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    uniqueIndex('tasks_conversation_idx').on(t.conversationId),
    index('tasks_user_idx').on(t.userId),
    index('tasks_status_idx').on(t.status),
    index('tasks_assignee_idx').on(t.assigneeId),
  ],
);

/** Uploaded files. `id` is a random UUID: the file URL is a capability (see README "Deviations"). */
export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: text('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: createdAt(),
});

/** Server-wide values that every instance must share, such as the generated token secret. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Sign-in attempts between the redirect to the identity provider and its callback, keyed by the
 * OAuth `state` (RFC 6749 §10.12), so that any instance can finish an attempt another one began.
 */
export const authRequests = pgTable(
  'auth_requests',
  {
    state: text('state').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    redirectUri: text('redirect_uri').notNull(),
    returnTo: text('return_to').notNull(),
    mode: text('mode', { enum: ['popup', 'redirect'] }).notNull(),
    appOrigin: text('app_origin').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_requests_expires_idx').on(t.expiresAt)],
);

/** One-time codes that hand a finished sign-in to the browser; only their SHA-256 is stored. */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the browser-binding cookie set with the code: only that browser may exchange it (login CSRF).
    browserHash: text('browser_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_codes_expires_idx').on(t.expiresAt)],
);

/**
 * Sign-in sessions (docs/decisions/010-sign-in-sessions.md): every token issued
 * from one sign-in and its refreshes carries the session's id (`sid`). A token is accepted only
 * while its session row exists: logout deletes it, and deleting the user deletes it by cascade.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // When the session's newest token expires; rows past it are pruned.
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId), index('auth_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * What re-issues, byte for byte, the token that replaced a retired one: the same claims, JWT id and
 * times signed with the same key give the same JWT. Nothing here is a usable token without the key.
 */
export interface TokenSuccessor extends AuthUserClaims {
  jti: string;
  /** Seconds since the epoch (JWT `iat` and `exp`). */
  issuedAt: number;
  expiresAt: number;
}

/**
 * Access tokens retired by a refresh, by JWT id: refused from `refused_from` on (a short grace lets
 * a second tab that refreshed the same token at the same moment keep going), kept until they would
 * have expired anyway. `successor` is the token the refresh issued: a second refresh within the grace
 * gets that same token again (docs/decisions/010-sign-in-sessions.md).
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: text('user_id').notNull(),
    refusedFrom: timestamp('refused_from', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    successor: jsonb('successor').$type<TokenSuccessor>(),
    createdAt: createdAt(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * The embedded OpenID provider's state (sessions, interactions, codes, grants, development
 * accounts), one row per oidc-provider model instance, shared by every instance of the server.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.model, t.uid),
    index('oidc_payloads_user_code_idx').on(t.model, t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Request counters of rate limits, shared by every instance (docs/decisions/032-rate-limits-in-the-database.md). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Agent API keys (docs/product.md "Entities" "ApiKey"). The key itself is shown once; only its SHA-256 is kept, so a
 * leaked row is not a usable key. Third-party agents authenticate with it (the MCP issue).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: text('agent_id').notNull(),
    agentName: text('agent_name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    lastAccessAt: timestamp('last_access_at', { withTimezone: true, mode: 'date' }),
    accessCount: integer('access_count').notNull().default(0),
    // Set on the old key when a new one replaces it: both work until then (decision 077).
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  // One current key per agent; a rotated-out key (expiresAt set) may overlap with its successor.
  (t) => [
    uniqueIndex('api_keys_one_current_per_agent_idx')
      .on(t.agentId)
      .where(sql`${t.active} and ${t.expiresAt} is null`),
  ],
);

/** Time-limited share links of a task (docs/product.md "Share modal", "Share link"); only the token's SHA-256 is kept. */
export const taskShares = pgTable(
  'task_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('task_shares_task_idx').on(t.taskId)],
);

/** Requests for access sent from an expired or inactive share page (docs/product.md "Screens", "Entities" "Access request payload"). */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => taskShares.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    // An admin's answer (docs/product.md "Access request"): approved (a new share link was emailed) or
    // declined (a short note was emailed); pending until then. Who answered and when.
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: text('decided_by'),
  },
  (t) => [index('access_requests_share_idx').on(t.shareId)],
);

/**
 * Every change staff made to data: who (id and email at the time, kept after the account is gone),
 * what, when and to which target.
 */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: text('actor_id').notNull(),
  actorEmail: text('actor_email'),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

/**
 * A signed-in person's email settings (docs/decisions/067-one-click-unsubscribe.md): the opaque id of their one-click
 * unsubscribe link (random, signs nobody in) and whether they take emails at all. A row is made with
 * their first email or their first change of the switch; no row means emails on.
 */
export const emailPreferences = pgTable('email_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  unsubscribeId: text('unsubscribe_id').notNull().unique(),
  notifications: boolean('notifications').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The headers of an email besides From, To, Subject and Message-ID, as sent. */
export type EmailHeaders = Record<string, string>;

/**
 * Every email the server made, once per `idempotency_key` (the event and the recipient): rendered
 * when made, then sent by a queued job through SMTP, or kept here as the outbox when no SMTP server
 * is configured. `status`: `queued` until sent; `sent` (SMTP accepted it), `outbox` (kept, not
 * sent), `skipped` (the recipient turned emails off, or lost access to the conversation it is about, before it went).
 */
export const emails = pgTable(
  'emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    event: text('event').notNull(),
    template: text('template').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    messageId: text('message_id').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    headers: jsonb('headers').$type<EmailHeaders>().notNull().default({}),
    status: text('status', { enum: ['queued', 'sent', 'outbox', 'skipped'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('emails_idempotency_key_idx').on(t.idempotencyKey), index('emails_user_idx').on(t.userId)],
);

/**
 * How far a person's digest of one topic has gone (docs/decisions/086-email-digests.md): `unread:{conversation id}`
 * (the unread messages of that conversation, up to the message `through_seq`) or `new-tasks` (tasks
 * accepted up to `through_at`). `version` grows with each digest made, so two jobs that read the same
 * state cannot both make one.
 */
export const emailDigests = pgTable(
  'email_digests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    version: integer('version').notNull(),
    throughSeq: bigint('through_seq', { mode: 'number' }),
    throughAt: timestamp('through_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);

/**
 * Reply-by-email tokens (docs/decisions/087-reply-by-email.md): each conversation email carries
 * `Reply-To: reply+{token}@{INBOUND_EMAIL_DOMAIN}`; the token (160 random bits) is stored as its SHA-256
 * with the conversation and the recipient it speaks for. `revoked_at` is set when that person's access ends.
 */
export const emailReplyTokens = pgTable(
  'email_reply_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('email_reply_tokens_user_idx').on(t.userId, t.conversationId)],
);

/** The `Message-ID` of every inbound email taken in (docs/decisions/087-reply-by-email.md): the same one is stored once. */
export const inboundEmails = pgTable('inbound_emails', {
  messageId: text('message_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A task's payment plan (docs/decisions/093-payments.md), made when its proposal is accepted while payments
 * are on. Amounts in integer minor units of `currency`: the deposit (the proposal's low price), the hourly
 * rate and the proposal's high hours that cap the balance; the balance once the expert marked it done.
 */
export const taskPayments = pgTable('task_payments', {
  taskId: uuid('task_id')
    .primaryKey()
    .references(() => tasks.id, { onDelete: 'cascade' }),
  status: text('status').$type<PaymentStatus>().notNull(),
  currency: text('currency').notNull(),
  rateMinor: integer('rate_minor').notNull(),
  hoursHigh: integer('hours_high').notNull(),
  depositMinor: integer('deposit_minor').notNull(),
  hoursWorked: integer('hours_worked'),
  balanceMinor: integer('balance_minor'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});

/**
 * The ledger of a task's payments: money received (deposit, balance), refunded, or an amount waived.
 * `externalId` is the Stripe event that caused the entry: unique, so a replayed event adds nothing;
 * `paymentIntent` is the Stripe payment a refund goes back through.
 */
export const paymentEntries = pgTable(
  'payment_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PaymentEntry['kind']>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').$type<PaymentEntry['provider']>().notNull(),
    actorEmail: text('actor_email'),
    externalId: text('external_id'),
    paymentIntent: text('payment_intent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_entries_task_idx').on(t.taskId),
    uniqueIndex('payment_entries_external_idx').on(t.externalId),
    index('payment_entries_intent_idx').on(t.paymentIntent),
  ],
);

export const schema = {
  users,
  conversations,
  messages,
  tasks,
  files,
  appSettings,
  authRequests,
  signInCodes,
  authSessions,
  revokedTokens,
  oidcPayloads,
  rateLimits,
  apiKeys,
  taskShares,
  accessRequests,
  auditLog,
  emailPreferences,
  emails,
  emailDigests,
  emailReplyTokens,
  inboundEmails,
  taskPayments,
  paymentEntries,
};

/**
 * The repository made for a task: on GitHub, or a local bare git repository served by
 * this server. `tokenHash` is the SHA-256 of the local repository's push password (null on GitHub):
 * the password itself is shown once to the person who asked for it.
 */
export const codeRepositories = pgTable(
  'code_repositories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    host: text('host', { enum: ['github', 'local'] }).notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    tokenHash: text('token_hash'),
    // The git tree id the task's analysis was last made of: a push that leaves it unchanged costs none.
    analysedTree: text('analysed_tree'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('code_repositories_task_idx').on(t.taskId), uniqueIndex('code_repositories_name_idx').on(t.host, t.name)],
);
