import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('configuration', () => {
  it('fills in the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', PRODUCT_NAME: 'Unstuck', AI_NAME: 'Unstuck AI', AGENT_WORKER: true });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one error', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AGENT_CURRENCY: 'dollars' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /PORT: .*\n.*DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL\n.*AGENT_CURRENCY: must be an ISO 4217 code/,
    );
  });

  it('requires the model and endpoint when an LLM provider is chosen', () => {
    expect(() => loadConfig({ LLM_PROVIDER: 'openai-compatible' })).toThrow(/LLM_MODEL: is required[\s\S]*LLM_BASE_URL: is required/);
  });

  it('stops the server at start-up with the message and exit code 78', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: { ...process.env, PORT: '99999', DATA_DIR: '/nonexistent' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('PORT: ');
  });

  it('SMTP_URL must be an smtp:// or smtps:// URL, MAIL_FROM an address with an optional name, and one needs the other', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com:465', MAIL_FROM: '"Unstuck Team" <team@example.com>' });
    expect(config.SMTP_URL).toBe('smtps://user:pass@mail.example.com:465');
    expect(config.MAIL_FROM).toEqual({ name: 'Unstuck Team', address: 'team@example.com' });
    expect(loadConfig({ MAIL_FROM: 'team@example.com' }).MAIL_FROM).toEqual({ name: null, address: 'team@example.com' });
    expect(loadConfig({}).MAIL_FROM).toEqual({ name: 'Unstuck', address: 'no-reply@localhost' });
    expect(loadConfig({}).EMAIL_UNREAD_DELAY_SECONDS).toBe(300);
    for (const bad of ['mail.example.com', 'http://mail.example.com', 'smtp://', 'smtp://host/path', 'not a url']) {
      expect(() => loadConfig({ SMTP_URL: bad, MAIL_FROM: 'a@example.com' }), bad).toThrow(
        /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL such as smtps:\/\/user:pass@mail\.example\.com:465/,
      );
    }
    for (const bad of [
      'team',
      'Team <team>',
      'Team <a@example.com',
      'A\nBcc: x@example.com <a@example.com>',
      'a@example.com, b@example.com',
    ]) {
      expect(() => loadConfig({ MAIL_FROM: bad }), bad).toThrow(/MAIL_FROM: must be an email address, or a name and one/);
    }
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/MAIL_FROM: is required when SMTP_URL is set/);
    const production = { NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40), SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'a@example.com' };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL: is required when SMTP_URL is set and NODE_ENV=production/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://unstuck.example' }).SMTP_URL).toBe('smtp://mail:25');
    expect(() => loadConfig({ EMAIL_UNREAD_DELAY_SECONDS: '0' })).toThrow(/EMAIL_UNREAD_DELAY_SECONDS: /);
  });

  it('a malformed SMTP_URL or MAIL_FROM stops the server at start-up with a line naming it', () => {
    for (const [name, value] of [
      ['SMTP_URL', 'http://mail.example.com'],
      ['MAIL_FROM', 'not an address'],
    ] as const) {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        env: { ...process.env, DATA_DIR: '/nonexistent', SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@example.com', [name]: value },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(result.status, name).toBe(78);
      expect(result.stderr.split('\n')).toContainEqual(expect.stringMatching(new RegExp(`^  ${name}: must be`)));
    }
  });

  it('listens on loopback only outside production unless HOST is set', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40) }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('TRUST_PROXY is off by default and takes addresses, CIDR ranges or range names, not hop counts', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.7 ,fd00::/8,uniquelocal' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
      'uniquelocal',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: must list the proxies' IP addresses or CIDR ranges.*"1"/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*"true" is none of these/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });

  it('in development the start-up line says the server listens on 127.0.0.1 only, and it does', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-host-'));
    const env: Record<string, string | undefined> = { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    delete env.HOST;
    delete env.NODE_ENV;
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const ready = await new Promise<string>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`no ready line in:\n${output}`)), 120_000);
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const line = output.split('\n').find((l) => l.includes('is ready'));
          if (line) {
            clearTimeout(timer);
            resolve(line);
          }
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
      expect(ready).toContain('(listening on 127.0.0.1 only, so no other machine can reach it; set HOST=0.0.0.0 to allow that)');
      const port = /localhost:(\d+)/.exec(ready)?.[1];
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      const outward = Object.values(os.networkInterfaces())
        .flat()
        .find((address) => address && address.family === 'IPv4' && !address.internal);
      if (outward) await expect(fetch(`http://${outward.address}:${port}/api/health`)).rejects.toThrow();
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
