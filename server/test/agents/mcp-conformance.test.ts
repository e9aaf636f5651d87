import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentKey } from '../support/agent-keys.ts';
import { useTestServer } from '../support/test-server.ts';

const PACKAGE = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json');
const CLI = join(dirname(PACKAGE), (JSON.parse(await readFile(PACKAGE, 'utf8')) as { bin: { conformance: string } }).bin.conformance);
const NOT_APPLICABLE = fileURLToPath(new URL('conformance/not-applicable.yml', import.meta.url));
/** The scenarios that apply to /mcp: every other one is in not-applicable.yml. */
const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'];

/**
 * The suite cannot send headers: this loopback proxy adds the agent key to every request and
 * forwards it to `target` otherwise untouched (Host and Origin included, so the suite's
 * DNS-rebinding probes reach the server as sent).
 */
function keyShim(target: URL, key: string): Promise<Server> {
  const shim = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, 'x-agent-key': key },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => shim.listen(0, '127.0.0.1', () => resolve(shim)));
}

describe('the MCP conformance suite (@modelcontextprotocol/conformance) against /mcp', () => {
  const server = useTestServer('pglite', { AGENT_MODE: 'external' });
  let shim: Server;
  let results = '';

  beforeAll(async () => {
    shim = await keyShim(new URL(server.url), await createAgentKey(server.database.db));
    results = await mkdtemp(join(tmpdir(), 'mcp-conformance-'));
  });
  afterAll(async () => {
    await new Promise((resolve) => shim.close(resolve));
    await rm(results, { recursive: true, force: true });
  });

  it('every applicable scenario passes; exactly the listed ones do not apply', async () => {
    const url = `http://127.0.0.1:${(shim.address() as AddressInfo).port}/mcp`;
    const run = await promisify(execFile)(
      process.execPath,
      [CLI, 'server', '--url', url, '--expected-failures', NOT_APPLICABLE, '--output-dir', results],
      {
        cwd: results,
        timeout: 240_000,
      },
    ).then(
      (done) => ({ code: 0, output: done.stdout + done.stderr }),
      (failed: { code?: number; stdout?: string; stderr?: string }) => ({ code: failed.code, output: `${failed.stdout}${failed.stderr}` }),
    );
    expect(run.code, run.output).toBe(0);
    // Each applicable scenario ran and its checks succeeded (not merely "not failed").
    const files = (await readdir(results, { recursive: true })).filter((file) => file.endsWith('checks.json'));
    for (const scenario of APPLICABLE) {
      const file = files.find((name) => name.includes(`${scenario}-`) || name.includes(`${scenario}/`));
      expect(file, `${scenario} in ${files.join(', ')}`).toBeDefined();
      const checks = JSON.parse(await readFile(join(results, file!), 'utf8')) as Array<{ id: string; status: string }>;
      expect(checks.length, scenario).toBeGreaterThan(0);
      expect(
        checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING'),
        scenario,
      ).toEqual([]);
    }
  }, 300_000);
});
