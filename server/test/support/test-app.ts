import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { createDeps, type Runtime } from '../../src/deps.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { createLogger } from '../../src/lib/logging.ts';
import type { TokenService } from '../../src/lib/token-service.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { pgliteImage } from './pglite-image.ts';
import { UNTHROTTLED } from './test-server.ts';

/** The origin a test app's embedded provider and email links name (no server listens there). */
const LOCAL_ORIGIN = 'http://localhost';

/** The app built on in-memory PGlite, driven through `app.inject` (no port), with its log lines. */
export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  config: Config;
  /** The app's database (its query counter, drizzle client), as on a real server. */
  database: Database;
  tokens: TokenService;
  /** Its DATA_DIR (uploads are stored there). */
  dataDir: string;
  /** The JSON log records written so far, parsed. */
  logs(): Array<Record<string, unknown> & { level: number; msg?: string }>;
}

/**
 * Builds the app for a test file on a fresh in-memory PGlite with the real migrations (the fast tier:
 * routes and services through real HTTP handling, without a socket). Suites where the network matters
 * (queue across instances, event streams, git, browsers) use `useTestServer` instead.
 * @param env extra environment (e.g. `{ NODE_ENV: 'production', AUTH_SECRET: … }`).
 * @param options.kind `postgres` for a suite whose subject is the database's behaviour (locks,
 *   concurrent transactions): a fresh database on TEST_DATABASE_URL instead of PGlite.
 * @param options.clock the app's time source (e.g. a `MovableClock`).
 * @param options.started also start what `startServer` starts once it listens: the embedded identity
 *   provider (issuer `http://localhost/oidc`, as `signIn` on a test app names it; /api/health
 *   reports identity `ok` then) and the email workers (links on `http://localhost`).
 * @returns a stand-in usable inside tests and hooks once beforeAll has run.
 */
export function useTestApp(
  env: Record<string, string> = {},
  options: { kind?: 'pglite' | 'postgres'; clock?: Clock; started?: boolean } = {},
): TestApp {
  let running: (TestApp & { testDatabase: TestDatabase }) | undefined;
  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-app-'));
    const testDatabase = await createTestDatabase(options.kind ?? 'pglite', dataDir);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      AGENT_HOURLY_RATE: '100',
      ...UNTHROTTLED,
      ...testDatabase.env,
      ...env,
    });
    const lines: string[] = [];
    const destination = new PassThrough();
    destination.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    const database = await openDatabase(
      config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, dataDir } : { dataDir: 'memory://', image: await pgliteImage() },
    );
    const runtime = await createDeps(config, createLogger(config, destination), { database, clock: options.clock });
    const app = await buildApp(runtime.deps);
    await app.ready();
    if (options.started) {
      await runtime.deps.identity.embedded?.start(LOCAL_ORIGIN, app.log);
      await runtime.startEmailWorkers(LOCAL_ORIGIN);
    }
    running = {
      app,
      runtime,
      config,
      dataDir,
      testDatabase,
      database: runtime.database,
      tokens: runtime.deps.tokens,
      logs: () => lines.map((line) => JSON.parse(line) as ReturnType<TestApp['logs']>[number]),
    };
  });
  afterAll(async () => {
    if (!running) return;
    await running.app.close();
    await running.runtime.close();
    await running.testDatabase.drop();
    await rm(running.dataDir, { recursive: true, force: true });
  });
  return new Proxy({} as TestApp, {
    get(_target, property) {
      if (!running) throw new Error('The test app is built in beforeAll; use it inside a test or hook');
      return Reflect.get(running, property);
    },
  });
}
