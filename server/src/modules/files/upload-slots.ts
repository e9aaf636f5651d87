import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientAddressKey } from '../../lib/client-address.ts';
import { writeErrorAndClose } from '../../lib/error-handler.ts';
import { tooManyUploads, tooManyUploadsFromAddress, uploadTooSlowDetail } from './files.errors.ts';

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

/** The upload limits of the configuration (README "Configuration"). */
export interface UploadSlotLimits {
  /** UPLOADS_MAX_CONCURRENT: slots per process; instances behind a load balancer have theirs each. */
  max: number;
  /** UPLOAD_MIN_BYTES_PER_SECOND: the slowest body kept, on average over `rateWindowMs`. */
  minBytesPerSecond: number;
  /** UPLOAD_RATE_WINDOW_MS: how long the average is taken over, in milliseconds. */
  rateWindowMs: number;
  /** CLIENT_IPV6_PREFIX_LENGTH: which addresses count as one client (lib/client-address.ts). */
  ipv6PrefixLength: number;
}

/**
 * Bounds the uploads this instance receives at once to `max`, which bounds the memory and open files
 * they cost (docs/decisions/059-upload-slots.md), and shares the slots fairly
 * (docs/decisions/083-fair-upload-slots.md). On routes whose config has `receivesFiles`, a request
 * whose body may carry a file (declared over 64 KiB, or of unknown length) takes a slot (a JSON body
 * up to eight) until its response is over (sent, or the connection gone):
 * - one client address holds at most a quarter of the slots (at least one; a JSON body, which may
 *   cost more, is let in when the address holds none), else 429 with `Retry-After`;
 * - with not enough free, 503 with `Retry-After`;
 * both before any of the body is read (Node then discards it unread);
 * - a body that arrives slower than `minBytesPerSecond` over a window of `rateWindowMs` is cut: 408
 *   `request_timeout` on the connection, which is closed, so its slot is free at once.
 */
export function registerUploadSlots(app: FastifyInstance, limits: UploadSlotLimits): void {
  const perAddress = Math.max(1, Math.floor(limits.max / 4));
  // Never every slot: another address still gets one.
  const jsonCost = Math.max(1, Math.min(JSON_BODY_SLOTS, limits.max - perAddress));
  const heldBy = new Map<string, number>();
  let taken = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.receivesFiles) return done();
    const length = request.headers['content-length'];
    if (length !== undefined && Number(length) <= SMALL_BODY_BYTES) return done();
    const cost = request.headers['content-type']?.startsWith('application/json') ? jsonCost : 1;
    const address = clientAddressKey(request.ip, limits.ipv6PrefixLength);
    const held = heldBy.get(address) ?? 0;
    if (held > 0 && held + cost > perAddress) return done(tooManyUploadsFromAddress(RETRY_AFTER_SECONDS));
    if (taken + cost > limits.max) return done(tooManyUploads(RETRY_AFTER_SECONDS));
    taken += cost;
    heldBy.set(address, held + cost);
    const stopWatching = cutWhenTooSlow(request, reply, limits);
    reply.raw.once('close', () => {
      stopWatching();
      taken -= cost;
      const left = (heldBy.get(address) ?? cost) - cost;
      if (left > 0) heldBy.set(address, left);
      else heldBy.delete(address);
    });
    done();
  });
}

/**
 * Checks at the end of every window that the body brought at least its share of bytes (counted on the
 * socket, so the route's reading is not disturbed); a body that did not is answered 408 and its
 * connection closed, which the route sees as a client gone mid-body (its partial file is removed).
 * Nothing is cut once the body is complete or an answer has started.
 * @returns the function that stops watching.
 */
function cutWhenTooSlow(request: FastifyRequest, reply: FastifyReply, limits: UploadSlotLimits): () => void {
  const socket = request.raw.socket;
  // An injected request (`app.inject`, the tests' fast tier) has no connection: no bytes to count, none to cut.
  if (typeof socket.bytesRead !== 'number') return () => undefined;
  const minBytes = (limits.minBytesPerSecond * limits.rateWindowMs) / 1000;
  let seen = socket.bytesRead;
  const timer = setInterval(() => {
    const read = socket.bytesRead - seen;
    seen = socket.bytesRead;
    if (request.raw.complete || reply.raw.headersSent || read >= minBytes) return;
    clearInterval(timer);
    request.log.info({ bytesInWindow: read, windowMs: limits.rateWindowMs }, 'upload too slow: cut');
    writeErrorAndClose(socket, 408, 'request_timeout', uploadTooSlowDetail(limits.minBytesPerSecond));
  }, limits.rateWindowMs);
  timer.unref();
  return () => clearInterval(timer);
}
