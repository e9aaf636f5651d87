import {
  agentMessageSchema,
  expertReplyRequestSchema,
  idempotencyKeySchema,
  jobSubmissionSchema,
  MAX_FILES_PER_MESSAGE,
  profileUpdateSchema,
  sendMessageFieldsSchema,
} from '@unstuck/contract';
import { z } from 'zod';

/**
 * The security schemes of the API document (components.securitySchemes), by the name operations use.
 * `agentKey` is the header a third-party agent sends (docs/product.md "Calls"); `inboundEmail` the
 * HTTP Basic password of the email relay.
 */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Our access token from POST /api/auth/session' },
  guestSession: { type: 'apiKey', in: 'header', name: 'x-guest-session-id', description: 'A guest session id, `guest-…`' },
  agentKey: { type: 'apiKey', in: 'header', name: 'X-Agent-Key', description: 'An agent API key an admin issued' },
  inboundEmail: { type: 'http', scheme: 'basic', description: 'The password INBOUND_EMAIL_PASSWORD' },
  stripeSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description: "Stripe's signature of the raw body, made with STRIPE_WEBHOOK_SECRET",
  },
} as const;

type SchemeName = keyof typeof SECURITY_SCHEMES;
/** An OpenAPI security requirement list: any one entry admits the caller; `{}` means no credential. */
type Security = Array<Partial<Record<SchemeName, []>>>;

/** Public calls: no credential. */
const PUBLIC: Security = [];
/** Signed-in people (and admins, experts): our Bearer token. */
const USER: Security = [{ bearer: [] }];
/** Signed-in people or guests. */
const CALLER: Security = [{ bearer: [] }, { guestSession: [] }];

/**
 * A request body a route reads itself instead of through its route schema, documented here from the
 * contract's schemas: JSON (`json`), also taken as a multipart form of the same fields plus up to
 * `files` parts named `file` (`multipart`), or another media type read whole (`media`).
 */
export type DocumentedBody = { json: z.ZodType; multipart?: { files: number } } | { media: string; description: string };

/** What the API document says about one route beyond its route schema. */
export interface ApiOperation {
  /** Stable camelCase name: generated clients name their functions by it, so never rename one. */
  operationId: string;
  security: Security;
  body?: DocumentedBody;
  /** Answers without a JSON body the route schema cannot state (redirects): status → description. */
  answers?: Record<number, string>;
  /** Request headers a route reads itself (beyond the security schemes'), each optional unless its schema says otherwise. */
  headers?: z.ZodObject;
  /** Error statuses a route that answers a file (and so has no response schema) may answer, each `{ code, detail }`. */
  errors?: number[];
}

/**
 * Every `/api` route's operationId and security list, by `METHOD /registered/:path`. A route missing
 * here fails server/test/site/openapi.test.ts, naming it: add its row when adding a route.
 */
export const API_OPERATIONS: Record<string, ApiOperation> = {
  'GET /api/health': { operationId: 'getHealth', security: PUBLIC },
  'GET /api/openapi.json': { operationId: 'getOpenApiDocument', security: PUBLIC },
  'GET /api/config': { operationId: 'getConfig', security: PUBLIC },
  'POST /api/v2/messages': {
    operationId: 'sendMessage',
    security: CALLER,
    body: { json: sendMessageFieldsSchema, multipart: { files: MAX_FILES_PER_MESSAGE } },
    headers: z.object({
      'Idempotency-Key': idempotencyKeySchema
        .optional()
        .describe('One key per message meant to be sent, reused for its retries: a retry is answered with the stored message'),
    }),
  },
  'GET /api/v2/conversations': { operationId: 'listConversations', security: CALLER },
  'GET /api/v2/conversations/:conversationId/messages': { operationId: 'getConversationMessages', security: CALLER },
  'GET /api/v2/conversations/:conversationId/events': { operationId: 'streamConversationEvents', security: CALLER },
  'GET /api/v2/conversations/:conversationId/task': { operationId: 'getConversationTask', security: CALLER },
  'POST /api/v2/proposals/:messageId/accept': { operationId: 'acceptProposal', security: USER },
  'POST /api/v2/proposals/:messageId/modify': { operationId: 'modifyProposal', security: USER },
  // A signed link (expires, signature) is a credential of its own: no header needed with it.
  'GET /api/v2/files/:fileId': { operationId: 'getFile', security: [{}, ...CALLER], errors: [401, 403, 404] },
  'GET /api/auth/providers': { operationId: 'listSignInProviders', security: PUBLIC },
  'GET /api/auth/login/:provider': {
    operationId: 'startSignIn',
    security: PUBLIC,
    answers: { 302: 'To the identity provider' },
  },
  'GET /api/auth/callback/:provider': {
    operationId: 'finishSignIn',
    security: PUBLIC,
    answers: { 302: 'To the page the sign-in started from, with a one-time code, or to /login-error' },
  },
  'POST /api/auth/session': { operationId: 'createSession', security: PUBLIC },
  'POST /api/auth/refresh': { operationId: 'refreshSession', security: USER },
  'GET /api/auth/me': { operationId: 'getCurrentUser', security: USER },
  'POST /api/auth/logout': { operationId: 'signOut', security: USER },
  // The guest session taken over is named by its header, next to the person's token.
  'POST /api/v2/user/update-guest-associations': { operationId: 'takeOverGuestSession', security: [{ bearer: [], guestSession: [] }] },
  'GET /api/admin/users': { operationId: 'adminListUsers', security: USER },
  'POST /api/admin/users/set-expert': { operationId: 'adminSetExpert', security: USER },
  'POST /api/admin/users/:id/refresh-:provider-data': { operationId: 'adminRefreshUserData', security: USER },
  'DELETE /api/admin/users/:id': { operationId: 'adminDeleteUser', security: USER },
  'DELETE /api/admin/guests/delete-all': { operationId: 'adminDeleteAllGuests', security: USER },
  'GET /api/admin/users/:id/conversations': { operationId: 'adminListUserConversations', security: USER },
  'GET /api/admin/conversations/:id/messages': { operationId: 'adminGetConversationMessages', security: USER },
  'DELETE /api/admin/conversations/:id': { operationId: 'adminDeleteConversation', security: USER },
  'GET /api/v2/tasks': { operationId: 'adminListTasks', security: USER },
  'DELETE /api/admin/tasks/:id': { operationId: 'adminDeleteTask', security: USER },
  'PATCH /api/admin/tasks/:id': { operationId: 'adminUpdateTaskNotes', security: USER },
  'POST /api/admin/tasks/:id/assign': { operationId: 'adminAssignTask', security: USER },
  'GET /api/admin/ratings': { operationId: 'adminListRatings', security: USER },
  'GET /api/admin/agents/apikeys': { operationId: 'adminListAgentKeys', security: USER },
  'POST /api/admin/agents/apikeys': { operationId: 'adminCreateAgentKey', security: USER },
  'DELETE /api/admin/agents/apikeys/:id': { operationId: 'adminRevokeAgentKey', security: USER },
  'POST /api/admin/tasks/:id/share': { operationId: 'adminCreateShareLink', security: USER },
  'GET /api/admin/tasks/:id/shares': { operationId: 'adminListShareLinks', security: USER },
  'DELETE /api/admin/shares/:id': { operationId: 'adminRevokeShareLink', security: USER },
  'GET /api/admin/access-requests': { operationId: 'adminListAccessRequests', security: USER },
  'POST /api/admin/access-requests/:id/approve': { operationId: 'adminApproveAccessRequest', security: USER },
  'POST /api/admin/access-requests/:id/decline': { operationId: 'adminDeclineAccessRequest', security: USER },
  'GET /api/admin/tasks/:id/payment': { operationId: 'adminGetTaskPayment', security: USER },
  'POST /api/admin/tasks/:id/payment': { operationId: 'adminRecordTaskPayment', security: USER },
  'POST /api/v2/tasks/:id/checkout': { operationId: 'createCheckout', security: USER },
  'POST /api/payments/stripe/webhook': {
    operationId: 'receiveStripeEvent',
    security: [{ stripeSignature: [] }],
    body: { media: 'application/json', description: 'A Stripe event, read raw so that its signature can be checked' },
  },
  // The share link's token in the path is the key (docs/product.md "Screens" "Public share page").
  'GET /api/task-share/:shareToken': { operationId: 'getSharedTask', security: PUBLIC },
  'POST /api/task-share/:shareToken/request-access': { operationId: 'requestSharedTaskAccess', security: PUBLIC },
  'GET /api/task-share/:shareToken/files/:index': {
    operationId: 'getSharedTaskFile',
    security: PUBLIC,
    errors: [403, 404, 410, 429],
  },
  'GET /api/admin/audit-log': { operationId: 'adminGetAuditLog', security: USER },
  'GET /api/expert/tasks': { operationId: 'expertListTasks', security: USER },
  'GET /api/expert/tasks/:id': { operationId: 'expertGetTask', security: USER },
  'GET /api/expert/tasks/:id/messages': { operationId: 'expertGetTaskMessages', security: USER },
  'POST /api/expert/tasks/:id/messages': {
    operationId: 'expertSendMessage',
    security: USER,
    body: { json: expertReplyRequestSchema, multipart: { files: MAX_FILES_PER_MESSAGE } },
  },
  'POST /api/expert/tasks/:id/take': { operationId: 'expertTakeTask', security: USER },
  'POST /api/expert/tasks/:id/status': { operationId: 'expertSetTaskStatus', security: USER },
  'POST /api/expert/tasks/:id/done': { operationId: 'expertMarkTaskDone', security: USER },
  'POST /api/expert/tasks/:id/repository/credentials': { operationId: 'expertGetRepositoryCredentials', security: USER },
  // An agent (its key, in X-Agent-Key or as a Bearer value) or a signed-in person submitting a job.
  'POST /api/messages': {
    operationId: 'postAgentMessage',
    security: [{ agentKey: [] }, { bearer: [] }],
    body: { json: z.union([agentMessageSchema, jobSubmissionSchema]) },
  },
  'GET /api/v1/users/profile': { operationId: 'getProfile', security: USER },
  'PUT /api/v1/users/profile': { operationId: 'updateProfile', security: USER, body: { json: profileUpdateSchema } },
  'GET /api/v2/user/tasks': { operationId: 'listMyTasks', security: USER },
  'POST /api/v2/user/tasks/:id/confirm': { operationId: 'confirmTaskDone', security: USER },
  'POST /api/v2/user/tasks/:id/reopen': { operationId: 'reopenTask', security: USER },
  'POST /api/v2/user/tasks/:id/rating': { operationId: 'rateTask', security: USER },
  'GET /api/admin/outbox': { operationId: 'adminListOutbox', security: USER },
  'GET /api/admin/outbox/:id': { operationId: 'adminGetOutboxEmail', security: USER },
  'POST /api/email/inbound': {
    operationId: 'receiveInboundEmail',
    security: [{ inboundEmail: [] }],
    body: { media: 'message/rfc822', description: 'One raw email, as a mail relay pipes it' },
  },
  // The debug pages' calls (DEBUG_PAGES only).
  'GET /api/ping': { operationId: 'debugPing', security: PUBLIC },
  'GET /api/test-redirect': { operationId: 'debugTestRedirect', security: PUBLIC, answers: { 302: 'To the redirect test page' } },
  'GET /api/session': { operationId: 'debugGetSession', security: USER },
  'GET /api/login/:provider': { operationId: 'debugStartSignIn', security: PUBLIC, answers: { 302: 'To the identity provider' } },
  'GET /api/conversations': { operationId: 'debugListConversations', security: CALLER },
  'GET /api/conversations/:conversationId/messages': { operationId: 'debugGetConversationMessages', security: CALLER },
};
