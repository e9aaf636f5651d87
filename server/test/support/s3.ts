import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A running S3-compatible server for the tests of file storage (README "Configuration", `S3_*`). */
export interface TestS3 {
  s3: S3rver;
  /** The folder s3rver keeps its objects in. */
  dir: string;
  /** The server's settings that store files in its `uploads` bucket. */
  env: Record<string, string>;
  /** An SDK client for it, to look into the bucket. */
  client: S3Client;
  /** Stops it and removes its folder. */
  stop(): Promise<void>;
}

/** Starts s3rver on a free loopback port with an empty `uploads` bucket in a new temporary folder. */
export async function startS3Server(): Promise<TestS3> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'uploads', configs: [] }],
  });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    s3,
    dir,
    env: {
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    client: new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS }),
    stop: async () => {
      await s3.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
