import { z } from 'zod';

/** Answer of `POST /code-sharing/api/files/upload` (spec §3 "File upload response"): the URL as fileUrl or url. */
export const fileUploadResponseSchema = z
  .object({
    fileUrl: z.string().optional(),
    url: z.string().optional(),
    textContent: z.string().nullable().optional(),
    contentType: z.string().optional(),
    fileName: z.string().optional(),
  })
  .refine((body) => Boolean(body.fileUrl ?? body.url), 'the upload answer names no file URL');
export type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;
