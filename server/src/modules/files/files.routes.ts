import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { files } from '../../db/schema.ts';
import { readFile } from './files.service.ts';

const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain']);

/**
 * Answers with a stored file's bytes. Anything that a browser could run (HTML, SVG) is served as a
 * download, never inline. Every path that serves attachments goes through here.
 * @param cacheControl how long browsers may keep it (a day by default; `no-store` where access can end).
 */
export function sendStoredFile(
  reply: FastifyReply,
  record: typeof files.$inferSelect,
  data: Buffer,
  cacheControl = 'private, max-age=86400',
) {
  const disposition = INLINE_TYPES.has(record.contentType) ? 'inline' : 'attachment';
  return reply
    .header('content-type', record.contentType)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(record.fileName)}`)
    .header('cache-control', cacheControl)
    .send(data);
}

/** `GET /api/v2/files/{fileId}/{fileName}`: the bytes of an attachment. */
export function registerFileRoutes(app: FastifyInstance, deps: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/v2/files/:fileId/:fileName',
      { schema: { params: z.object({ fileId: z.string().uuid('fileId must be a UUID'), fileName: z.string() }) } },
      async (request, reply) => {
        const found = await readFile(deps, request.params.fileId);
        if (!found) throw notFound('File not found');
        return sendStoredFile(reply, found.record, found.data);
      },
    );
}
