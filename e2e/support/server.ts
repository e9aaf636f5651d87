import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../server/src/db/client.ts';
import { freePort } from '../../server/test/support/free-port.ts';
import { pgliteImage } from '../../server/test/support/pglite-image.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface TestServer {
  baseUrl: string;
  /** The server process's id (for memory readings). */
  pid: number;
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
  /** `kill -9`: the process dies mid-work; the data folder stays for a restart. */
  kill(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
}

/**
 * A new data folder whose PGlite database starts from the run's migrated image (the global set-up
 * `server/test/setup/pglite-image.ts`): a fresh server otherwise spends most of its start on
 * PostgreSQL's initdb and the migrations, once per suite.
 */
async function seededDataDir(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'unstuck-e2e-'));
  const database = await openDatabase({ dataDir, image: await pgliteImage() });
  await database.close();
  return dataDir;
}

/** Extra environment for the server; a function when it depends on the server's address (PUBLIC_URL). */
export type ServerEnv = Record<string, string> | ((baseUrl: string) => Record<string, string>);

/**
 * Starts the compiled server (`node server/dist/main.js`, which also serves web/dist; `npm run test:e2e`
 * builds both first) on a free port with a fresh data folder, and resolves once GET /api/health
 * answers 200. In the test runner the folder's PGlite database starts migrated, except for another
 * installation's server (`root`) or one on PostgreSQL (`DATABASE_URL`), which start from nothing as a
 * real install does, and so does every server the benchmarks start (outside the test runner).
 * @param options.root the installation to run (default: this checkout).
 * @param options.dataDir an existing data folder (a restart); it is then left in place by stop().
 */
export async function startServer(
  env: ServerEnv = {},
  options: { root?: string; timeoutMs?: number; dataDir?: string } = {},
): Promise<TestServer> {
  const { root = REPO_ROOT, timeoutMs = 90_000 } = options;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const extra = typeof env === 'function' ? env(baseUrl) : env;
  const dataDir =
    options.dataDir ??
    (options.root || extra.DATABASE_URL || !process.env.VITEST ? await mkdtemp(join(tmpdir(), 'unstuck-e2e-')) : await seededDataDir());
  let output = '';
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Browser suites and the bench send from one address: per-address limits must not throttle them.
      MESSAGES_PER_HOUR_PER_ADDRESS: '1000000',
      GUEST_SESSIONS_PER_HOUR_PER_ADDRESS: '1000000',
      UPLOAD_BYTES_PER_HOUR_PER_ADDRESS: String(1024 ** 4),
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    child.kill('SIGKILL');
    await exited(child);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with code ${child.exitCode} before it was healthy:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return { baseUrl, pid: child.pid ?? 0, dataDir, output: () => output, stop, kill };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The server was not healthy within ${timeoutMs} ms:\n${output}`);
}
