import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/config.ts';
import { createPgliteImage } from '../../src/db/client.ts';
import { startJobQueue } from '../../src/lib/job-queue.ts';
import { createLogger } from '../../src/lib/logging.ts';
import { MIGRATIONS_DIR } from '../../src/paths.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Git-ignored: images outlive a run, and a new one replaces them when what they were made from changes. */
const CACHE_DIR = path.join(ROOT, '.tmp', 'test-cache');

/**
 * Global set-up of the server tests: one image of an empty PGlite database with the migrations and the
 * job queue's tables, made once and kept in `.tmp/test-cache`, from which every PGlite database of the
 * tests starts (initdb and the migrations took most of a suite's start). The image is named by a
 * hash of what it depends on: the migrations, the database and queue code, and the locked packages.
 * Tests read it with `pgliteImage()` (`server/test/support/pglite-image.ts`).
 */
export default async function setup(project: TestProject): Promise<void> {
  const hash = createHash('sha256');
  for (const name of (await readdir(MIGRATIONS_DIR, { recursive: true })).sort()) {
    const file = path.join(MIGRATIONS_DIR, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(await readFile(file));
  }
  for (const file of ['package-lock.json', 'server/src/db/client.ts', 'server/src/lib/job-queue.ts']) {
    hash.update(await readFile(path.join(ROOT, file)));
  }
  const image = path.join(CACHE_DIR, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(image)) {
    await mkdir(CACHE_DIR, { recursive: true });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: CACHE_DIR });
    const blob = await createPgliteImage(async (database) => {
      const queue = await startJobQueue(database, createLogger(config));
      await queue.stop();
    });
    // Stale images go; the new one appears whole (written aside, then renamed), also when two runs make it at once.
    for (const old of await readdir(CACHE_DIR)) {
      if (old.startsWith('pglite-') && old.endsWith('.tar')) await rm(path.join(CACHE_DIR, old), { force: true });
    }
    const partial = `${image}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
    await rename(partial, image);
  }
  project.provide('pgliteImage', image);
}
