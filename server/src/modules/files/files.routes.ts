import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { AppDeps } from '../../app-deps.ts';
import { readFile } from './files.service.ts';

const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain']);

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
        const { record, data } = found;
        // Anything that a browser could run (HTML, SVG) is served as a download, never inline.
        const disposition = INLINE_TYPES.has(record.contentType) ? 'inline' : 'attachment';
        return reply
          .header('content-type', record.contentType)
          .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(record.fileName)}`)
          .header('cache-control', 'private, max-age=86400')
          .send(data);
      },
    );
}
