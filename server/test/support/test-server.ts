import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { pgliteImage } from './pglite-image.ts';
import { signIn, type SignInServer } from './sign-in.ts';

/** A server on a free port with its own empty database and data folder. */
export interface TestServer extends RunningServer {
  config: Config;
  dataDir: string;
  testDatabase: TestDatabase;
  /** Stops the server and removes its database and folder. */
  destroy(): Promise<void>;
}

/** What a test may give the server besides its environment. */
export interface TestServerOptions {
  /** The server's time source (e.g. a {@link MovableClock}). */
  clock?: Clock;
}

/**
 * Starts a real server for a test file.
 * @param kind which database the server uses.
 * @param env extra environment (e.g. `{ AGENT_WORKER: 'false' }`).
 */
export async function startTestServer(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-test-'));
  const testDatabase = await createTestDatabase(kind, dataDir);
  const server = await startOn(testDatabase, env, options);
  return {
    ...server,
    dataDir,
    testDatabase,
    async destroy() {
      await server.close();
      await testDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a server before the suite's tests and destroys it after them.
 * @returns a stand-in that forwards every property to the running server, so tests write
 *   `server.url` although the server starts only in beforeAll.
 */
export function useTestServer(kind: 'pglite' | 'postgres', env: Record<string, string> = {}, options: TestServerOptions = {}): TestServer {
  let running: TestServer | undefined;
  beforeAll(async () => {
    running = await startTestServer(kind, env, options);
  });
  afterAll(async () => {
    await running?.destroy();
  });
  return new Proxy({} as TestServer, {
    get(_target, property) {
      if (!running) throw new Error('The test server starts in beforeAll; use it inside a test or hook');
      return Reflect.get(running, property);
    },
  });
}

/**
 * Instances that share one test database of `kind` within a test (several instances on one PostgreSQL,
 * or a restart): `start(env)` creates the database on its first call and starts one more server on it.
 * After each test every server is closed and the database dropped.
 */
export function useSharedDatabase(kind: 'pglite' | 'postgres') {
  let testDatabase: TestDatabase | undefined;
  let dataDir: string | undefined;
  const running: Array<Awaited<ReturnType<typeof startOn>>> = [];
  afterEach(async () => {
    for (const server of running.splice(0)) await server.close().catch(() => undefined);
    await testDatabase?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    testDatabase = undefined;
    dataDir = undefined;
  });
  return {
    async start(env: Record<string, string> = {}) {
      if (!testDatabase) {
        dataDir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-shared-'));
        testDatabase = await createTestDatabase(kind, dataDir);
      }
      const server = await startOn(testDatabase, env);
      running.push(server);
      return server;
    },
  };
}

/**
 * Starts a server on an existing test database (a restart, or a second instance).
 * @returns the running server and the configuration it parsed.
 */
export async function startOn(testDatabase: TestDatabase, env: Record<string, string> = {}, options: TestServerOptions = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    AGENT_HOURLY_RATE: '100',
    // Every test talks from 127.0.0.1: only the limits suite (which sets its own) may be throttled.
    ...UNTHROTTLED,
    ...testDatabase.env,
    ...env,
  });
  // PGlite starts from the run's image (a folder that already holds a database keeps it).
  const database =
    testDatabase.kind === 'pglite' ? await openDatabase({ dataDir: config.DATA_DIR, image: await pgliteImage() }) : undefined;
  const server = await startServer(config, { ...options, database });
  return { ...server, config };
}

/** Per-address limits high enough that no suite but the limits suite meets them. */
export const UNTHROTTLED = {
  MESSAGES_PER_HOUR_PER_ADDRESS: '1000000',
  GUEST_SESSIONS_PER_HOUR_PER_ADDRESS: '1000000',
  UPLOAD_BYTES_PER_HOUR_PER_ADDRESS: String(1024 ** 4),
};

let userCounter = 0;

/**
 * Signs a new person in ({@link signIn}: through the embedded development provider on a real server,
 * as a browser would; the same rows and token service on a test app). The server must run the
 * embedded provider.
 * @returns our token and its claims.
 */
export async function signInAs(server: SignInServer) {
  userCounter += 1;
  const session = await signIn(server, {
    email: `person-${process.pid}-${userCounter}@example.com`,
    name: `Person ${userCounter}`,
  });
  return { token: session.token, claims: session.user };
}

/** A clock a test can move forward: it runs with real time, plus the offset given to {@link MovableClock.advance}. */
export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
