import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.ts';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/**
 * The production path, as an operator meets it: the build copied into an empty folder,
 * `npm ci --omit=dev` (no TypeScript loader, no build tools), then `node server/dist/main.js` in
 * production mode. This is also what the Dockerfile's final stage does.
 */
describe('a production install without dev dependencies', () => {
  let folder: string;
  let installOutput = '';
  let server: TestServer;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'unstuck-prod-'));
    for (const file of ['package.json', 'package-lock.json', 'contract/package.json', 'server/package.json', 'web/package.json']) {
      await cp(join(REPO_ROOT, file), join(folder, file));
    }
    await cp(join(REPO_ROOT, 'server/dist'), join(folder, 'server/dist'), { recursive: true });
    await cp(join(REPO_ROOT, 'web/dist'), join(folder, 'web/dist'), { recursive: true });
    await cp(join(REPO_ROOT, 'web/dist-ssr'), join(folder, 'web/dist-ssr'), { recursive: true });
    const installed = await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: folder, maxBuffer: 16 * 1024 * 1024 });
    installOutput = installed.stdout + installed.stderr;
    server = await startServer(
      { NODE_ENV: 'production', AUTH_SECRET: 'a-production-secret-of-at-least-32-characters', LOG_LEVEL: 'info' },
      { root: folder },
    );
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('installs without build tools or engine warnings', async () => {
    expect(installOutput).not.toMatch(/EBADENGINE/);
    await expect(run('node', ['-e', "import('vite')"], { cwd: folder })).rejects.toThrow();
    await expect(run('node', ['-e', "import('tsx')"], { cwd: folder })).rejects.toThrow();
  });

  it('starts the compiled server, which answers health and the home page, with no runtime warning', async () => {
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    const home = await fetch(`${server.baseUrl}/`);
    expect(home.status).toBe(200);
    // The home page's first view is painted in the page itself (decision 062).
    expect(await home.text()).toMatch(/<div id="root"><!--first-view-->.*Stuck building with/s);
    expect(server.output()).not.toMatch(/Unsupported runtime/);
    // Production logs are JSON lines for collectors.
    expect(server.output()).toMatch(/^\{"level":30,.*"msg":"Unstuck is ready: open http:\/\/localhost:\d+"\}$/m);
  });

  it('sends the home page JavaScript compressed, hashed assets cached for a year and the page revalidated', async () => {
    const home = await fetch(`${server.baseUrl}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const scripts = [...(await home.text()).matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      for (const encoding of ['br', 'gzip']) {
        // fetch would decode the body; a raw request shows the encoding the server chose.
        const response = await fetch(`${server.baseUrl}${script}`, { headers: { 'accept-encoding': encoding } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding'), `${script} with ${encoding}`).toBe(encoding);
        expect(response.headers.get('content-type')).toMatch(/javascript/);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
    }
  });
});
