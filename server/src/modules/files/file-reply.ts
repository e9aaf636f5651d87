import type { FastifyReply } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import type { FileRow } from './files.repository.ts';

// Types a browser shows without running anything. Everything else, SVG and
// HTML included, is downloaded as bytes.
const VIEWABLE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'application/pdf', 'text/plain']);

/**
 * Answers with a stored file's bytes. Viewable types (images but SVG, PDF, plain text) are shown
 * inline with their type; anything else goes out as `application/octet-stream` with
 * `Content-Disposition: attachment`. Always `nosniff`, and a `sandbox` CSP so that even a page
 * opened from a file has no origin to act in (PDF aside: Chromium's viewer does not run sandboxed).
 * Every path that serves attachments goes through here.
 * @param cacheControl how long browsers may keep it (`no-store` where access can end).
 */
export function sendStoredFile(reply: FastifyReply, record: Pick<FileRow, 'contentType' | 'fileName'>, data: Buffer, cacheControl: string) {
  const viewable = VIEWABLE_TYPES.has(record.contentType);
  const type = !viewable
    ? 'application/octet-stream'
    : record.contentType === 'text/plain'
      ? 'text/plain; charset=utf-8'
      : record.contentType;
  return reply
    .header('content-type', type)
    .header('content-disposition', contentDisposition(record.fileName, { type: viewable ? 'inline' : 'attachment' }))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', record.contentType === 'application/pdf' ? "default-src 'none'; object-src 'self'" : 'sandbox')
    .header('cache-control', cacheControl)
    .send(data);
}
