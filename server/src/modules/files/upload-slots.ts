import type { FastifyInstance } from 'fastify';
import { tooManyUploads } from './files.errors.ts';

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

/**
 * Slots a JSON body over SMALL_BODY_BYTES takes: the upload's data-URL form is read whole, parsed and
 * decoded (14 MB of JSON for a 10 MB file), where a multipart upload streams and holds only buffers.
 * Measured on PostgreSQL: 16 such uploads at once took 550 MB above idle, 4 took 270 MB, 2 took 190 MB;
 * 32 streamed maximum-size sends took about 100 MB.
 */
const JSON_BODY_SLOTS = 8;

/** What a refused upload is told to wait: about as long as a 10 MB upload takes on a fast line. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Bounds the uploads this instance receives at once to `max` (UPLOADS_MAX_CONCURRENT), which bounds
 * the memory and open files they cost. On routes whose config has `receivesFiles`, a request whose
 * body may carry a file (declared over 64 KiB, or of unknown length) takes a slot (a JSON body eight,
 * or all there are when fewer) until its response is over (sent, or the connection gone); without
 * enough free it is answered 503 with `Retry-After` before any of its body is read (Node then discards
 * the body unread).
 * @param max slots per process; instances behind a load balancer have theirs each.
 */
export function registerUploadSlots(app: FastifyInstance, max: number): void {
  let taken = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.receivesFiles) return done();
    const length = request.headers['content-length'];
    if (length !== undefined && Number(length) <= SMALL_BODY_BYTES) return done();
    const cost = request.headers['content-type']?.startsWith('application/json') ? Math.min(JSON_BODY_SLOTS, max) : 1;
    if (taken + cost > max) {
      return done(tooManyUploads(RETRY_AFTER_SECONDS));
    }
    taken += cost;
    reply.raw.once('close', () => {
      taken -= cost;
    });
    done();
  });
}
