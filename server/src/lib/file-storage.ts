import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config.ts';

/** Where uploaded bytes live: a local folder by default, an S3-compatible store when configured. */
export interface FileStorage {
  /**
   * Stores what `body` yields under `key` (a name of ours, never the user's file name), as it
   * arrives: the bytes are never gathered whole in memory.
   * @throws when `body` fails (its error) or the store does; nothing then remains under `key`.
   */
  put(key: string, body: Readable): Promise<void>;
  /** @returns the bytes, or null when the key is unknown. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes under `key`; an unknown key is not an error. */
  delete(key: string): Promise<void>;
}

const checkedKey = (key: string) => {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
};

/**
 * A FileStorage in a local folder (`DATA_DIR/uploads`).
 * @param folder created on first write.
 */
export function createLocalStorage(folder: string): FileStorage {
  const pathOf = (key: string) => path.join(folder, checkedKey(key));
  return {
    async put(key, body) {
      const file = pathOf(key);
      await mkdir(folder, { recursive: true });
      try {
        // 'wx': a key is new by construction; never write through someone else's file.
        await pipeline(body, createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** The settings of an S3-compatible store (AWS S3, MinIO, R2, …); see README "Configuration". */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** The store's URL when it is not AWS (e.g. `http://127.0.0.1:9000`). */
  endpoint?: string;
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name; MinIO and most emulators need it. */
  forcePathStyle: boolean;
  /** Both or neither: without them the SDK's default chain (environment, instance role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * Bytes one S3 upload holds in memory: lib-storage gathers a part this size before sending it (S3's
 * smallest part), one part at a time. A file up to this size goes in one PutObject once whole.
 */
const S3_PART_BYTES = 5 * 1024 * 1024;

/**
 * A FileStorage in an S3-compatible bucket through the AWS SDK v3. Objects are private: the server
 * reads them and serves them itself, with its own access checks and headers. Uploads stream through
 * lib-storage's multipart upload, one part in flight, so an upload holds at most about two parts.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: several S3-compatible stores reject the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  return {
    async put(key, body) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkedKey(key), Body: body, ContentType: 'application/octet-stream' },
        partSize: S3_PART_BYTES,
        queueSize: 1,
      });
      try {
        await upload.done();
      } catch (error) {
        // lib-storage has aborted the multipart upload (its parts are dropped) and never completes it,
        // so no object exists; it leaves the body as it was, so stop whoever feeds it.
        body.destroy();
        throw error;
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
  };
}

/** The storage the configuration selects: S3 when `S3_BUCKET` is set, else `DATA_DIR/uploads`. */
export function storageFromConfig(config: Config): FileStorage {
  if (!config.S3_BUCKET) return createLocalStorage(path.resolve(config.DATA_DIR, 'uploads'));
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
}

/**
 * Removes stored bytes whose records are gone. A failure is reported per key, not thrown: the
 * records are already deleted, so the bytes are unreachable either way.
 * @returns the keys that could not be removed, with the reason.
 */
export async function removeStoredBytes(storage: FileStorage, keys: string[]): Promise<Array<{ key: string; error: unknown }>> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  return results.flatMap((result, index) => (result.status === 'rejected' ? [{ key: keys[index]!, error: result.reason as unknown }] : []));
}
