import { LIMIT_TEXTS } from '@unstuck/contract';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';

// Errors of uploads and file links (docs/decisions/027-error-codes.md).

/** 413 `file_too_large`: one file over LIMITS.attachmentBytes (spec §5, §9); nothing of the request is stored. */
export const fileTooLarge = (fileName?: string) =>
  new AppError('file_too_large', 413, `${fileName ? `"${fileName}"` : 'The file'} is ${LIMIT_TEXTS.fileTooLarge}`);

/** 400: more file parts than the call takes (one per upload, MAX_FILES_PER_MESSAGE per message). */
export const tooManyFiles = (maxFiles: number) =>
  badRequest(maxFiles === 1 ? 'Send one file per upload' : `Send ${LIMIT_TEXTS.tooManyFiles}`);

/** 400: a file part under another name than `file`. */
export const unexpectedFileField = (field: string) => badRequest(`Unexpected file field "${field}"; use "file"`);

/** 400: an upload form without its `file` part. */
export const missingFilePart = () => badRequest('Send the file in a multipart part named "file"');

/** 400: a multipart body the form parser could not read (malformed or cut short); `reason` is the parser's. */
export const unreadableMultipart = (reason: string) => badRequest(`The multipart/form-data body could not be read: ${reason}`);

/** 400: a file whose body ended before its end (the client went away, a broken stream); `reason` says how. */
export const fileCutShort = (fileName: string, reason: string) => badRequest(`"${fileName}" could not be read to its end: ${reason}`);

/** 503 with `Retry-After`: this instance receives UPLOADS_MAX_CONCURRENT uploads already. */
export const tooManyUploads = (retryAfterSeconds: number) =>
  new AppError('service_unavailable', 503, 'The server is receiving too many uploads right now. Please try again in a few seconds.', {
    'retry-after': String(retryAfterSeconds),
  });

/** 400: a JSON upload whose content is not a data URL. */
export const invalidDataUrl = () => badRequest('content must be a data URL (data:<type>;base64,<bytes>)');

/** 404: the file is unknown, or not the caller's to see (the two look alike). */
export const fileNotFound = () => notFound('File not found');

/** 403: a file link without a valid signature and no caller to check instead; `expired` when it was signed. */
export const fileLinkRefused = (expired: boolean) =>
  forbidden(expired ? 'This file link has expired; open the file again from its conversation' : 'This file link is not valid');
