import { z } from 'zod';

/** Characters of a text file inlined into a message; the whole file stays attached. */
export const INLINED_TEXT_CHARS = 20_000;

/**
 * `POST /code-sharing/api/files/upload` as JSON (spec §7, the chat path): the bytes as a data URL.
 * `contentType` is the client's word and is not trusted: the stored type comes from the bytes.
 */
export const fileUploadJsonSchema = z.object({
  content: z.string().startsWith('data:', 'content must be a data URL (data:<type>;base64,<bytes>)'),
  fileName: z.string().min(1, 'fileName is required').max(1000, 'fileName must be at most 1000 characters'),
  contentType: z.string().max(255).default('application/octet-stream'),
  conversationId: z.string().uuid('conversationId must be a UUID').optional(),
  /** The client's reference of the message the file goes with; echoed nowhere, kept for compatibility. */
  messageId: z.string().max(200).optional(),
});
export type FileUploadJson = z.infer<typeof fileUploadJsonSchema>;

/**
 * Answer of the upload (spec §3 "File upload response"). `fileUrl` and `url` are the same signed,
 * expiring link; `textContent` is present for plain-text files only, of at most 262,144 characters
 * (a longer text is not read into memory whole: it is a file to download).
 */
export const fileUploadResponseSchema = z.object({
  fileUrl: z.string(),
  url: z.string(),
  textContent: z.string().optional(),
  contentType: z.string(),
  fileName: z.string(),
});
export type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

/**
 * A text file as it is inlined into a message, between "File" markers (spec §7 note). Longer texts
 * are cut at {@link INLINED_TEXT_CHARS} with a note; the attachment keeps the whole file.
 * @param text the file's text, or at least its first INLINED_TEXT_CHARS characters.
 * @param length the whole text's length (UTF-16 units), when `text` is only its start.
 */
export function inlineTextFile(fileName: string, text: string, length = text.length): string {
  const cut = length > INLINED_TEXT_CHARS;
  const body = cut ? `${text.slice(0, INLINED_TEXT_CHARS)}\n… (${length - INLINED_TEXT_CHARS} more characters in the attached file)` : text;
  return `--- File: ${fileName} ---\n${body.replace(/\s+$/, '')}\n--- End of File: ${fileName} ---`;
}
