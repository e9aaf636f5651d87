import { fileUploadResponseSchema } from '@unstuck/contract';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';

/**
 * Uploads one attachment as multipart (file, fileName) to `POST /code-sharing/api/files/upload`
 * (docs/product.md "Calls") and returns its URL (fileUrl or url).
 * @throws Error "Failed to upload file: {name} ({status})" or "… - {reason}" (docs/product.md "Errors" "Upload").
 */
export async function uploadFile(file: File): Promise<string> {
  const form = new FormData();
  form.append('fileName', file.name);
  form.append('file', file, file.name);
  try {
    const answer = await apiRequest('/code-sharing/api/files/upload', { method: 'POST', body: form, identity: 'bearer' });
    const parsed = fileUploadResponseSchema.parse(answer);
    return parsed.fileUrl ?? parsed.url ?? '';
  } catch (error) {
    if (isApiError(error)) throw new Error(`Failed to upload file: ${file.name} (${error.status})`);
    throw new Error(`Failed to upload file: ${file.name} - ${error instanceof Error ? error.message : String(error)}`);
  }
}
