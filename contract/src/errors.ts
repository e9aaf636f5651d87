// The codes of the API's error answers, without zod: the web app's first view branches on them
// (docs/decisions/056-types-not-schemas-in-the-first-view.md); ./common-schemas.ts builds the schema of the answer.

/**
 * What every JSON error answer of the API names in `code`, beside the human-readable `detail`
 * (docs/decisions/024-error-codes.md). Codes are stable: clients branch on them, never on `detail`
 * or on the status alone. The generic code of each status comes first; the specific ones name a
 * case a client treats on its own.
 */
export const ERROR_CODES = [
  /** 400: a field, header, query or body that is malformed or breaks a rule; `detail` names it. */
  'invalid_request',
  /** 401: no caller, or credentials (token, agent key, sign-in code) that are not valid (any more). */
  'unauthenticated',
  /** 403: the caller is known but may not do this. */
  'forbidden',
  /** 404: no such thing for this caller (also what a stranger to an owner-only resource gets), or no such route. */
  'not_found',
  /** 405: the path exists but does not take this method; `Allow` lists the ones it takes. */
  'method_not_allowed',
  /** 408: the request was not received in time (REQUEST_TIMEOUT_MS). */
  'request_timeout',
  /** 409: the thing changed state meanwhile (a proposal replaced or accepted, a task taken, a session id in use). */
  'conflict',
  /** 413: the request's body is larger than the route accepts. */
  'payload_too_large',
  /** 414: a path segment is longer than the router reads (100 characters). */
  'uri_too_long',
  /** 415: the body's Content-Type is not one the route reads. */
  'unsupported_media_type',
  /** 429: too many requests from this address or caller; `Retry-After` says when to try again. */
  'rate_limited',
  /** 500: something failed on our side; `detail` says nothing more. */
  'internal_error',
  /** 502: a service we depend on failed (creating a GitHub repository). */
  'upstream_failed',
  /** 503: a part of the server is starting or stopped; try again shortly. */
  'service_unavailable',

  /** 401 on send: the guest session sent its LIMITS.guestMessages; sign in to go on. */
  'guest_limit_reached',
  /** 401 on send or upload, 409 on hand-over: this guest session was handed over to an account at sign-in. */
  'guest_session_handed_over',
  /** 403 on send: the signed-in user sent LIMITS.signedInMessagesPerConversation in this conversation. */
  'conversation_limit_reached',
  /** 403: an admin call by someone who is not an admin. */
  'admin_required',
  /** 403: an expert-queue call by someone who is neither expert nor admin. */
  'expert_required',
  /** 413: one attached file is over LIMITS.attachmentBytes. */
  'file_too_large',
  /** 400: an attached ZIP archive is damaged or unreadable. */
  'invalid_archive',
  /** 422: an attached ZIP archive is over the archive limits or has an unsafe path; nothing was stored. */
  'archive_refused',
  /** 422: this Idempotency-Key was used before for a different request. */
  'idempotency_key_reused',
  /** 403: the share link was revoked (the page offers to request access). */
  'share_link_revoked',
  /** 410: the share link expired (the page offers to request access). */
  'share_link_expired',
  /** 409 on an agent's message: the person's newest message is answered already (send with followUp to add to it). */
  'already_answered',
  /** 409 on creating an agent key: the agent has an active key; rotate it instead. */
  'agent_key_exists',
  /** 429: this address started its hourly allowance of new guest sessions (`Retry-After`); signing in goes on at once. */
  'guest_session_allowance_used',
  /** 429: this address sent its hourly allowance of messages (`Retry-After`); signing in does not lift it. */
  'message_allowance_used',
  /** 429: this address uploaded its hourly allowance of bytes (`Retry-After`). */
  'upload_allowance_used',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** True when `value` is one of {@link ERROR_CODES}. Pure. */
export const isErrorCode = (value: unknown): value is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(value);
