import { notFound } from '../../lib/errors.ts';

// Errors of emails and their unsubscribe links (docs/decisions/024-error-codes.md).

/** 404: an unsubscribe id that is unknown or malformed (the page says so). */
export const unsubscribeLinkInvalid = () => notFound('This unsubscribe link is not valid');

/** 404: no such email in the outbox. */
export const emailNotFound = () => notFound('Email not found');
