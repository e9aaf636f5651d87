import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { identifyCaller } from '../auth/caller.ts';
import { sendStoredFile } from './file-reply.ts';
import { isFileParticipant, readFile } from './files.service.ts';
import { fileLinkRefused, fileNotFound } from './files.errors.ts';

const fileParamsSchema = z.object({ fileId: z.string().uuid('fileId must be a UUID') });
const signedLinkQuerySchema = z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() });

/**
 * `GET /api/v2/files/{fileId}`: a stored file, for the holder of a signed link from a view they may
 * see, or (by Bearer or guest header) its uploader and its conversation's owner.
 */
export function registerFileRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/v2/files/:fileId',
    { schema: { params: fileParamsSchema, querystring: signedLinkQuerySchema } },
    async (request, reply) => {
      const id = request.params.fileId.toLowerCase();
      const { expires, signature } = request.query;
      const secondsLeft = deps.fileUrls.check(id, expires, signature);
      if (secondsLeft !== null) {
        const found = await readFile(deps, id);
        if (!found) throw fileNotFound();
        return sendStoredFile(reply, found.record, found.data, `private, max-age=${secondsLeft}`);
      }
      const caller = await identifyCaller(request, deps.tokens);
      if (!caller) {
        throw fileLinkRefused(Boolean(signature));
      }
      const found = await readFile(deps, id);
      // Unknown and not-yours look alike: a file's existence is not told to others.
      if (!found || !isFileParticipant(found.record, caller.id)) throw fileNotFound();
      return sendStoredFile(reply, found.record, found.data, 'private, no-cache');
    },
  );
}
