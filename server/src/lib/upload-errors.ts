import { LIMIT_TEXTS } from '@unstuck/contract';
import { AppError, badRequest } from './errors.ts';

// Errors of reading uploaded files, whichever route receives them (docs/decisions/024-error-codes.md).

/** 413 `file_too_large`: one file over LIMITS.attachmentBytes (docs/product.md "Validation", "Limits"); nothing of the request is stored. */
export const fileTooLarge = (fileName?: string) =>
  new AppError('file_too_large', 413, `${fileName ? `"${fileName}"` : 'The file'} is ${LIMIT_TEXTS.fileTooLarge}`);

/** 400: more file parts than the call takes (one per upload, MAX_FILES_PER_MESSAGE per message). */
export const tooManyFiles = (maxFiles: number) =>
  badRequest(maxFiles === 1 ? 'Send one file per upload' : `Send ${LIMIT_TEXTS.tooManyFiles}`);

/** 400: a file part under another name than `file`. */
export const unexpectedFileField = (field: string) => badRequest(`Unexpected file field "${field}"; use "file"`);

/** 400: a multipart body the form parser could not read (malformed or cut short); `reason` is the parser's. */
export const unreadableMultipart = (reason: string) => badRequest(`The multipart/form-data body could not be read: ${reason}`);

/** 400: the body of a message is neither a form nor a JSON object. */
export const unreadableMessageBody = () => badRequest('Send the message as multipart/form-data or a JSON object');

/** 400: a file whose body ended before its end (the client went away, a broken stream); `reason` says how. */
export const fileCutShort = (fileName: string, reason: string) => badRequest(`"${fileName}" could not be read to its end: ${reason}`);
