import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@unstuck/contract';
import { files } from '../../src/db/schema.ts';
import { newGuestId } from '../support/http.ts';
import { startS3Server, type TestS3 } from '../support/s3.ts';
import { formBody, messageFields, openUpload, type FormBody } from '../support/streamed-upload.ts';
import { useTestServer, type TestServer } from '../support/test-server.ts';
import { buildZip } from '../support/zip.ts';

const MIB = 1024 * 1024;
/** Bytes the server may hold of one upload between the socket and storage (stream buffers), far below a file. */
const STREAM_WINDOW = 1 * MIB;
/** The allowance of the suites' servers: a 40 MiB burst from one address passes it. */
const UPLOAD_BYTES = 40 * MIB;

const guestHeaders = () => ({ 'x-guest-session-id': newGuestId() });
const messagesUrl = (server: TestServer) => `${server.url}/api/v2/messages`;
/** The upload of docs/product.md "Calls" that Submit Job uses before it sends the job. */
const uploadUrl = (server: TestServer) => `${server.url}/code-sharing/api/files/upload`;

/** The ids of the files the database knows, sorted. */
async function recordedIds(server: TestServer): Promise<string[]> {
  return (await server.database.db.select({ id: files.id }).from(files)).map((row) => row.id).sort();
}

/** The names in the server's uploads folder, sorted. */
const onDisk = async (server: TestServer) => (await readdir(path.join(server.dataDir, 'uploads')).catch(() => [])).sort();

/** A message with one file of `bytes` random bytes (nothing compresses, nothing reads as text). */
const messageWithFile = (bytes: number) =>
  formBody(messageFields('Build logs attached'), [{ name: 'build.bin', data: randomBytes(bytes) }]);

/** The refusals every storage must leave nothing behind for: each answers its error and stores no byte. */
async function refusedUploads(server: TestServer) {
  const tooLarge = await formBody(messageFields('two files'), [
    { name: 'fine.bin', data: randomBytes(MIB) },
    { name: 'big.bin', data: randomBytes(LIMITS.attachmentBytes + 1) },
  ]);
  const overLimit = await openUpload(messagesUrl(server), guestHeaders(), tooLarge).finish();
  expect(overLimit).toMatchObject({
    status: 413,
    body: { code: 'file_too_large', detail: '"big.bin" is larger than the 10 MB limit for one file' },
  });

  // A type refused: a ZIP that would unpack to a bomb (its bytes say ZIP; the archive checks refuse it).
  const bomb = await buildZip({ 'src/app.ts': 'export {};\n', 'data/zeros.bin': Buffer.alloc(20 * MIB) });
  const refusedZip = await openUpload(
    messagesUrl(server),
    guestHeaders(),
    await formBody(messageFields('my code'), [
      { name: 'notes.bin', data: randomBytes(MIB) },
      { name: 'code.zip', data: bomb },
    ]),
  ).finish();
  expect(refusedZip.status).toBe(422);

  // The upload allowance runs out at the fifth 9 MiB file of one message (45 MiB > 40 MiB): the four
  // stored before it go too. 127.0.0.9 has sent nothing else.
  const five = await formBody(
    messageFields('five files'),
    Array.from({ length: 5 }, (_, i) => ({ name: `part-${i}.bin`, data: randomBytes(9 * MIB) })),
  );
  const allowance = await openUpload(messagesUrl(server), guestHeaders(), five, '127.0.0.9').finish();
  expect(allowance.status).toBe(429);
  expect(allowance.body).toEqual({ code: 'upload_allowance_used', detail: expect.stringMatching(/uploaded from your network address/) });
  expect(Number(allowance.headers['retry-after'])).toBeGreaterThan(0);
}

/** Sends most of a body to `url`, waits until the server has stored enough of it, then the client goes away. */
async function disconnectMidBody(url: string, form: FormBody, sendBytes: number, storedEnough: () => Promise<boolean>) {
  const upload = openUpload(url, guestHeaders(), form);
  await upload.send(sendBytes);
  await vi.waitFor(async () => expect(await storedEnough()).toBe(true), { timeout: 20_000, interval: 100 });
  upload.abort();
}

describe('uploads stream to the local folder, bounded per instance', { timeout: 120_000 }, () => {
  const server = useTestServer('pglite', {
    AGENT_WORKER: 'false',
    UPLOADS_MAX_CONCURRENT: '2',
    UPLOAD_BYTES_PER_HOUR_PER_ADDRESS: String(UPLOAD_BYTES),
    // The tests hold bodies half-sent as long as they need (the minimum rate is fair-upload-slots.test.ts').
    UPLOAD_MIN_BYTES_PER_SECOND: '1',
  });

  it('a file reaches the disk as it arrives; uploads past UPLOADS_MAX_CONCURRENT get 503 with Retry-After before their body is read', async () => {
    const form = await messageWithFile(8 * MIB);
    // From two addresses: one address may hold a quarter of the slots (at least one).
    const first = openUpload(messagesUrl(server), guestHeaders(), form);
    const second = openUpload(messagesUrl(server), guestHeaders(), form, '127.0.0.2');
    await first.send(4 * MIB);
    await second.send(4 * MIB);
    // Both files are on disk while their clients are still sending: the server holds only stream
    // buffers of them, never a whole file (the old code had nothing on disk before the body ended).
    await vi.waitFor(
      async () => {
        const names = await onDisk(server);
        expect(names).toHaveLength(2);
        for (const name of names) {
          expect((await stat(path.join(server.dataDir, 'uploads', name))).size).toBeGreaterThan(4 * MIB - STREAM_WINDOW);
        }
      },
      { timeout: 20_000, interval: 100 },
    );

    // Both slots are taken: a third upload is refused on its headers alone; its body is never sent.
    const third = openUpload(messagesUrl(server), guestHeaders(), form, '127.0.0.3');
    const refused = await third.answer;
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toEqual({
      code: 'service_unavailable',
      detail: 'The server is receiving too many uploads right now. Please try again in a few seconds.',
    });
    expect(third.sent).toBe(0);
    third.abort();
    const jobFile = openUpload(
      uploadUrl(server),
      guestHeaders(),
      await formBody({}, [{ name: 'spec.bin', data: randomBytes(MIB) }]),
      '127.0.0.3',
    );
    expect((await jobFile.answer).status).toBe(503);
    jobFile.abort();

    // Text needs no slot: a message without a file goes through meanwhile.
    const text = await openUpload(messagesUrl(server), guestHeaders(), await formBody(messageFields('Just text'), [])).finish();
    expect(text.status).toBe(200);

    // A client that goes away mid-body gives its slot back, and its partial file is removed.
    first.abort();
    await vi.waitFor(async () => expect(await onDisk(server)).toHaveLength(1), { timeout: 20_000, interval: 100 });
    const next = await openUpload(messagesUrl(server), guestHeaders(), form, '127.0.0.3').finish();
    expect(next.status).toBe(200);
    expect((await second.finish()).status).toBe(200);
    expect(await onDisk(server)).toEqual(await recordedIds(server));
    expect(await onDisk(server)).toHaveLength(2);
  });

  it('a refused or aborted upload leaves no file on disk', async () => {
    const before = await onDisk(server);
    await refusedUploads(server);
    const started = async () => (await onDisk(server)).length > before.length;
    await disconnectMidBody(messagesUrl(server), await messageWithFile(8 * MIB), 5 * MIB, started);
    await vi.waitFor(async () => expect(await onDisk(server)).toEqual(before), { timeout: 20_000, interval: 100 });
    const jobFile = await formBody({}, [{ name: 'spec.bin', data: randomBytes(8 * MIB) }]);
    await disconnectMidBody(uploadUrl(server), jobFile, 5 * MIB, started);
    await vi.waitFor(async () => expect(await onDisk(server)).toEqual(before), { timeout: 20_000, interval: 100 });
    expect(await recordedIds(server)).toEqual(before);
  });
});

describe('uploads stream to an S3-compatible store by multipart upload', { timeout: 120_000 }, () => {
  let s3: TestS3;
  const created: Array<{ key: string; how: string }> = [];
  const env: Record<string, string> = {};

  beforeAll(async () => {
    s3 = await startS3Server();
    // How each object came to be: 'ObjectCreated:Put' (one request) or 'ObjectCreated:Post' (a completed multipart upload).
    // S3rver is a Koa app, an EventEmitter; its type declarations leave that out.
    (s3.s3 as unknown as EventEmitter).on('event', (event: { Records: Array<{ eventName: string; s3: { object: { key: string } } }> }) => {
      for (const record of event.Records) created.push({ key: record.s3.object.key, how: record.eventName });
    });
    Object.assign(env, {
      AGENT_WORKER: 'false',
      UPLOAD_BYTES_PER_HOUR_PER_ADDRESS: String(UPLOAD_BYTES),
      UPLOAD_MIN_BYTES_PER_SECOND: '1',
      ...s3.env,
    });
  });
  const server = useTestServer('pglite', env);
  afterAll(() => s3?.stop());

  const objectKeys = async () =>
    ((await s3.client.send(new ListObjectsV2Command({ Bucket: 'uploads' }))).Contents ?? []).map((o) => o.Key!).sort();
  /** Parts s3rver holds for multipart uploads in progress (it keeps them under `._S3rver_uploads`). */
  const partsInStore = async () =>
    (await readdir(s3.dir, { recursive: true })).filter((name) => /_S3rver_uploads[/\\][0-9a-f]+[/\\]\d+$/.test(name)).length;

  it('a 10 MB file goes to the bucket part by part while it arrives, and the object is whole', async () => {
    const data = randomBytes(LIMITS.attachmentBytes);
    const form = await formBody(messageFields('Full-size log'), [{ name: 'full.bin', data }]);
    const upload = openUpload(messagesUrl(server), guestHeaders(), form);
    await upload.send(7 * MIB);
    // The first 5 MiB part is in the store before the client has sent the rest.
    await vi.waitFor(async () => expect(await partsInStore()).toBeGreaterThanOrEqual(1), { timeout: 20_000, interval: 100 });
    const answer = await upload.finish();
    expect(answer.status).toBe(200);
    const [key] = await recordedIds(server);
    expect(created).toContainEqual({ key, how: 'ObjectCreated:Post' });
    const object = await s3.client.send(new GetObjectCommand({ Bucket: 'uploads', Key: key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(data)).toBe(true);
    expect(await readdir(path.join(server.dataDir, 'uploads')).catch(() => [])).toEqual([]);
  });

  it('a refused or aborted upload leaves no object in the bucket', async () => {
    const before = await objectKeys();
    expect(before).toEqual(await recordedIds(server));
    await refusedUploads(server);
    // Gone after its first part reached the store: the multipart upload is never completed.
    const partsBefore = await partsInStore();
    await disconnectMidBody(messagesUrl(server), await messageWithFile(8 * MIB), 7 * MIB, async () => (await partsInStore()) > partsBefore);
    await vi.waitFor(async () => expect(await objectKeys()).toEqual(before), { timeout: 20_000, interval: 100 });
    expect(await recordedIds(server)).toEqual(before);
  });
});
