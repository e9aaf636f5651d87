import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeError } from '../../src/lib/logging.ts';
import { newGuestId } from '../support/http.ts';
import { useTestApp } from '../support/test-app.ts';
import { rawRequest } from './raw-http.ts';

/*
 * A NUL character in message text and a malformed multipart body answered 500, and
 * the database error logged the message. Now: 400 with a detail, and nothing of the message in logs.
 */

const SECRET = 'PRIVATE-TEXT-7f3a';
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** Multipart bodies with boundary `XYZ`. */
const part = (name: string, value: string) => `--XYZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

const CASES: Array<{ name: string; contentType: string; body: string; detail: RegExp }> = [
  {
    name: 'a NUL in JSON content',
    contentType: 'application/json',
    body: JSON.stringify({ content: `${SECRET}\u0000after`, recipientId: 'agent-1' }),
    detail: /^content must not contain NUL characters/,
  },
  {
    name: 'a NUL in a multipart field',
    contentType: 'multipart/form-data; boundary=XYZ',
    body: `${part('content', `${SECRET}\u0000after`)}${part('recipientId', 'agent-1')}--XYZ--\r\n`,
    detail: /^content must not contain NUL characters/,
  },
  {
    name: 'a NUL in an uploaded file’s name',
    contentType: 'multipart/form-data; boundary=XYZ',
    body: `${part('recipientId', 'agent-1')}--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a\u0000${SECRET}.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XYZ--\r\n`,
    detail: /^file name must not contain NUL characters/,
  },
  {
    name: 'multipart without a boundary',
    contentType: 'multipart/form-data',
    body: `content=${SECRET}`,
    detail: /^The multipart\/form-data body could not be read: /,
  },
  {
    name: 'multipart cut short',
    contentType: 'multipart/form-data; boundary=XYZ',
    body: `--XYZ\r\nContent-Disposition: form-data; name="content"\r\n\r\n${SECRET} and then noth`,
    detail: /^The multipart\/form-data body could not be read: /,
  },
];

describe('malformed message bodies answer 400 and leave the message out of logs', () => {
  let dataDir: string;
  let baseUrl: string;
  let logs = '';
  let stop: () => Promise<void>;

  // The real server as `npm start` runs it, logging at info, so the test reads what an operator would.
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-security-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', AGENT_WORKER: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    stop = async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    };
    // Generous: compiling the server at start takes a minute on a loaded two-core machine.
    const deadline = Date.now() + 140_000;
    while (!/Server listening at (http:\/\/\S+)/.test(logs)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${logs}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    baseUrl = /Server listening at (http:\/\/\S+)"/.exec(logs)![1]!;
  }, 150_000);
  afterAll(async () => {
    await stop?.();
  });

  it.each(CASES)('$name: 400 with a detail', async ({ contentType, body, detail }) => {
    const answer = await rawRequest(baseUrl, '/api/v2/messages', {
      method: 'POST',
      headers: { 'content-type': contentType, 'x-guest-session-id': newGuestId() },
      body,
    });
    expect(answer.status, answer.text).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({ code: 'invalid_request', detail: expect.stringMatching(detail) });
  });

  it('logged none of the message text, and no 500', async () => {
    // The request log line of the last case is written when its answer is sent.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logs).toContain('POST /api/v2/messages 400');
    expect(logs).not.toContain(SECRET);
    expect(logs).not.toMatch(/"status":5\d\d/);
  });
});

describe('a failed query is logged without its parameters', () => {
  // The database and the log serializer are the subject: no port needed.
  const server = useTestApp();

  it('keeps the SQL and drops the values', async () => {
    const error = await server.database.db.execute(sql`select ${`${SECRET}\u0000`}::text as echoed`).then(
      () => null,
      (failure: Error) => failure,
    );
    expect(error, 'PostgreSQL refuses a NUL in text').not.toBeNull();
    const logged = JSON.stringify(serializeError(error!));
    expect(logged).toContain('select $1::text as echoed');
    expect(logged).toContain('params: [left out of logs]');
    expect(logged).not.toContain(SECRET);
  });
});
