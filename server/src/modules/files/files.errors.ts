import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';

// Errors of uploads and file links (docs/decisions/024-error-codes.md).

/** 400: an upload form without its `file` part. */
export const missingFilePart = () => badRequest('Send the file in a multipart part named "file"');

/** 503 with `Retry-After`: this instance receives UPLOADS_MAX_CONCURRENT uploads already. */
export const tooManyUploads = (retryAfterSeconds: number) =>
  new AppError('service_unavailable', 503, 'The server is receiving too many uploads right now. Please try again in a few seconds.', {
    'retry-after': String(retryAfterSeconds),
  });

/**
 * 429 with `Retry-After`: the client's network address holds its share of the upload slots already
 * (a quarter of UPLOADS_MAX_CONCURRENT, docs/decisions/083-fair-upload-slots.md).
 */
export const tooManyUploadsFromAddress = (retryAfterSeconds: number) =>
  new AppError(
    'rate_limited',
    429,
    'Your network address is sending as many uploads at once as one address may. Please wait for one to finish.',
    { 'retry-after': String(retryAfterSeconds) },
  );

/** The detail of a 408 `request_timeout` for an upload body slower than UPLOAD_MIN_BYTES_PER_SECOND. */
export const uploadTooSlowDetail = (minBytesPerSecond: number) =>
  `The upload arrived slower than ${Math.round(minBytesPerSecond / 1024)} KB per second and was stopped. Please try again on a faster connection.`;

/** 400: a JSON upload whose content is not a data URL. */
export const invalidDataUrl = () => badRequest('content must be a data URL (data:<type>;base64,<bytes>)');

/** 404: the file is unknown, or not the caller's to see (the two look alike). */
export const fileNotFound = () => notFound('File not found');

/** 403: a file link without a valid signature and no caller to check instead; `expired` when it was signed. */
export const fileLinkRefused = (expired: boolean) =>
  forbidden(expired ? 'This file link has expired; open the file again from its conversation' : 'This file link is not valid');
