import { z } from 'zod';

/**
 * `POST /code-sharing/api/files/upload` as JSON (docs/product.md "Calls", the chat path): the bytes as a data URL.
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
 * Answer of the upload (docs/product.md "Entities" "File upload response"). `fileUrl` and `url` are the same signed,
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
