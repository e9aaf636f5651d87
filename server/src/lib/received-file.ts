import { createHash, randomUUID } from 'node:crypto';
import { Transform, Writable, type Readable, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import isSvg from 'is-svg';
import { LIMITS } from '@unstuck/contract';
import { removeStoredBytes, type FileStorage } from './file-storage.ts';
import { fileCutShort, fileTooLarge } from './upload-errors.ts';

/**
 * The first characters of a plain-text file that are kept: enough for every use of the text (the
 * message inlines at most 20,000 characters, the upload answers `textContent` up to this length,
 * SVG is parsed up to it), so a 10 MB text never lies whole in memory.
 */
export const KEPT_TEXT_CHARS = 256 * 1024;

/** An upload as the server received it: streamed to storage (or only inspected), hashed and typed from its bytes. */
export interface ReceivedFile {
  /** The name the client gave, as sent. */
  fileName: string;
  /** Bytes. */
  size: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  /** The MIME type from the bytes ({@link FileInspector}). */
  contentType: string;
  /** For `text/plain` only: its first {@link KEPT_TEXT_CHARS} characters and its whole length (UTF-16 units). */
  text: { start: string; length: number } | null;
  /** Where the bytes are in storage; null when they were only inspected and dropped. */
  storageKey: string | null;
}

// Markup a browser would run if it were served as a page: such text is never "plain text".
const ACTIVE_MARKUP = /^(?:\uFEFF)?\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body|script|iframe|object|embed|\?xml)\b/i;

/**
 * How an SVG document opens (XML declaration, comments, doctype, then the svg root). is-svg parses the
 * whole text (about 10 s per megabyte of plain text), so only texts that open like SVG reach it, and
 * long ones that do are taken as SVG unparsed: they are then only ever served as downloads.
 */
const SVG_OPENING = /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i;
const SVG_PARSE_LIMIT = KEPT_TEXT_CHARS;

/** Bytes file-type looks at, its own sample size for streams (`reasonableDetectionSizeInBytes`). */
const SNIFF_BYTES = 4100;

/**
 * A pass-through stream that learns what flows through it without keeping it: the size (failing
 * with 413 past `maxBytes`), the SHA-256, the first bytes for file-type, and whether the bytes are
 * UTF-8 text without control characters (keeping the first {@link KEPT_TEXT_CHARS} characters).
 * What the bytes are comes from their content only (magic numbers via file-type; never the name or
 * the client's word, docs/decisions/050-file-types-from-the-bytes.md): bytes file-type does not know
 * that are such text are SVG or HTML by their markup, everything else `text/plain`.
 */
export class FileInspector extends Transform {
  // ES private fields: lib-storage reads a body's `size` (and other names) as its length.
  readonly #fileName: string;
  readonly #maxBytes: number;
  #size = 0;
  readonly #hash = createHash('sha256');
  readonly #sample: Buffer[] = [];
  #sampled = 0;
  #decoder: TextDecoder | null = new TextDecoder('utf-8', { fatal: true });
  #textStart = '';
  #textLength = 0;

  constructor(fileName: string, maxBytes: number) {
    super();
    this.#fileName = fileName;
    this.#maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#size += chunk.length;
    if (this.#size > this.#maxBytes) return done(fileTooLarge(this.#fileName));
    this.#hash.update(chunk);
    if (this.#sampled < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.#sampled);
      this.#sample.push(Buffer.from(part));
      this.#sampled += part.length;
    }
    this.#readText(chunk, true);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.#readText(new Uint8Array(0), false);
    done();
  }

  /** Decodes the next bytes as text while they still can be text; past the kept start, only counts. */
  #readText(bytes: Uint8Array, more: boolean) {
    if (!this.#decoder) return;
    let text: string;
    try {
      text = this.#decoder.decode(bytes, { stream: more });
    } catch {
      this.#decoder = null;
      return;
    }
    if (/(?![\t\n\v\f\r])\p{Cc}/u.test(text)) {
      this.#decoder = null;
      return;
    }
    this.#textLength += text.length;
    if (this.#textStart.length < KEPT_TEXT_CHARS) this.#textStart += text.slice(0, KEPT_TEXT_CHARS - this.#textStart.length);
  }

  /** What went through, once the stream has ended. */
  async result(): Promise<Omit<ReceivedFile, 'fileName' | 'storageKey'>> {
    const known = { size: this.#size, sha256: this.#hash.digest('hex') };
    const sniffed = await fileTypeFromBuffer(Buffer.concat(this.#sample));
    if (sniffed) return { ...known, contentType: sniffed.mime, text: null };
    if (!this.#decoder) return { ...known, contentType: 'application/octet-stream', text: null };
    const start = this.#textStart;
    const opening = start.slice(0, 4096);
    if (SVG_OPENING.test(opening) && (this.#textLength > SVG_PARSE_LIMIT || isSvg(start))) {
      return { ...known, contentType: 'image/svg+xml', text: null };
    }
    // Markup is recognised at the start only: a bounded slice keeps a crafted 10 MB text from stalling the regex.
    if (ACTIVE_MARKUP.test(opening)) return { ...known, contentType: 'text/html', text: null };
    const bom = start.startsWith('\uFEFF') ? 1 : 0;
    return { ...known, contentType: 'text/plain', text: { start: start.slice(bom), length: this.#textLength - bom } };
  }
}

/** Swallows what it is given: the sink of bytes that are inspected but not kept. */
const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/**
 * Receives one upload: streams `source` through a {@link FileInspector} into `storage` under a new
 * random key, or, with `storage` null, only inspects it (a send whose Idempotency-Key was used already
 * needs the fingerprint, not the bytes). Memory stays at a few stream buffers whatever the size.
 * @param maxBytes most bytes the file may have (LIMITS.attachmentBytes).
 * @throws AppError 413 past `maxBytes`, 400 when the source fails (a client gone mid-body, a broken
 *   multipart part); the store's own error as is. Nothing is left in storage when it throws.
 */
export async function receiveFile(
  storage: FileStorage | null,
  source: Readable,
  fileName: string,
  maxBytes = LIMITS.attachmentBytes,
): Promise<ReceivedFile> {
  const inspector = new FileInspector(fileName, maxBytes);
  const storageKey = storage ? randomUUID() : null;
  // A source that fails while the inspector still stands failed on its own (the client went away or
  // sent a broken body); otherwise the pipeline is passing on the inspector's or the store's failure.
  // Registered before the pipeline's own listener, which destroys the inspector.
  let sourceFailure: Error | null = null;
  source.once('error', (error) => {
    if (!inspector.destroyed) sourceFailure = error;
  });
  // The source's failure (or the inspector's 413) destroys the inspector, which fails the store's
  // read; a store that fails destroys the inspector, which stops the source.
  const [fed, stored] = await Promise.allSettled([
    pipeline(source, inspector),
    storage && storageKey ? storage.put(storageKey, inspector) : pipeline(inspector, discard()),
  ]);
  const failure = fed.status === 'rejected' ? fed : stored.status === 'rejected' ? stored : null;
  if (failure) {
    if (stored.status === 'fulfilled' && storage && storageKey) await storage.delete(storageKey);
    if (sourceFailure) throw fileCutShort(fileName, (sourceFailure as Error).message);
    throw failure.reason;
  }
  return { fileName, storageKey, ...(await inspector.result()) };
}

/**
 * Removes the stored bytes of received files that will not be recorded (a refused or replayed send).
 * A failure to remove is not thrown: the bytes have no record, so nobody reaches them.
 */
export async function discardReceived(storage: FileStorage | null, received: ReceivedFile[]): Promise<void> {
  if (storage)
    await removeStoredBytes(
      storage,
      received.flatMap((file) => (file.storageKey ? [file.storageKey] : [])),
    );
}

/**
 * Runs `work` (which records received files, or refuses them); when it throws, the files' stored
 * bytes are removed ({@link discardReceived}) before the error goes on.
 */
export async function discardOnFailure<T>(storage: FileStorage | null, received: ReceivedFile[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await discardReceived(storage, received);
    throw error;
  }
}
