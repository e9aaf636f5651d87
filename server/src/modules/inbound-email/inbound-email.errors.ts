import { AppError, badRequest } from '../../lib/errors.ts';

// Errors of the inbound email route (docs/decisions/024-error-codes.md).

/** 401 with a Basic challenge: the INBOUND_EMAIL_PASSWORD was not given (or none is set). */
export const inboundPasswordRequired = () =>
  new AppError('unauthenticated', 401, 'Authentication required', { 'www-authenticate': 'Basic realm="inbound-email"' });

/** 400: the body is not an email mailparser can read. */
export const unreadableEmail = () => badRequest('The body is not an RFC 5322 email');
