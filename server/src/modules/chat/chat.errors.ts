import { LIMIT_TEXTS } from '@unstuck/contract';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';

// The chat's errors (docs/decisions/024-error-codes.md): each with its code, status and text.

/** 404: the conversation is unknown or not the caller's (no hint which). */
export const conversationNotFound = () => notFound('Conversation not found');

/** 400: a message with neither text nor a file. */
export const blankMessage = () => badRequest('content must not be blank unless a file is attached');

/** 400: a job names attachments that are not the caller's unsent uploads. */
export const foreignAttachments = () => badRequest('metadata.attachments: each must be the URL of a file you uploaded and not yet sent');

/** 401 `guest_limit_reached`: the guest session sent LIMITS.guestMessages; the text is the spec's "Authentication required". */
export const guestLimitReached = () => new AppError('guest_limit_reached', 401, 'Authentication required');

/** 403 `conversation_limit_reached`: the signed-in user sent LIMITS.signedInMessagesPerConversation here. */
export const conversationLimitReached = () => new AppError('conversation_limit_reached', 403, LIMIT_TEXTS.signedInLimit);

/** 422 `idempotency_key_reused`: the key was used before for a different message. */
export const idempotencyKeyReused = () =>
  new AppError(
    'idempotency_key_reused',
    422,
    'This Idempotency-Key was already used for a different message; send a new message with a new key',
  );

/** 409: a retry whose files were read as a retry's while the send it repeats was deleted meanwhile. */
export const repeatedMessageGone = () => conflict('The message this one repeats is gone; please send it again');
