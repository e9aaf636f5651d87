import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route receives files: a request that may carry one needs an upload slot ({@link registerUploadSlots}). */
    receivesFiles?: boolean;
  }
}

/**
 * A body this small carries no upload worth a slot: the multipart form of a text message of the
 * longest allowed content (20,000 characters, at most 3 bytes each in UTF-8) fits, so sending text
 * never waits for other people's uploads.
 */
const SMALL_BODY_BYTES = 64 * 1024;

/** What a refused upload is told to wait: about as long as a 10 MB upload takes on a fast line. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Bounds the uploads this instance receives at once to `max` (UPLOADS_MAX_CONCURRENT), which bounds
 * the memory and open files they cost. On routes whose config has `receivesFiles`, a request whose
 * body may carry a file (declared over 64 KiB, or of unknown length) takes a slot until its response
 * is over (sent, or the connection gone); with none free it is answered 503 with `Retry-After` before
 * any of its body is read (Node then discards the body unread).
 * @param max slots per process; instances behind a load balancer have theirs each.
 */
export function registerUploadSlots(app: FastifyInstance, max: number): void {
  let taken = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.receivesFiles) return done();
    const length = request.headers['content-length'];
    if (length !== undefined && Number(length) <= SMALL_BODY_BYTES) return done();
    if (taken >= max) {
      return done(
        new AppError(503, 'The server is receiving too many uploads right now. Please try again in a few seconds.', {
          'retry-after': String(RETRY_AFTER_SECONDS),
        }),
      );
    }
    taken += 1;
    reply.raw.once('close', () => {
      taken -= 1;
    });
    done();
  });
}
