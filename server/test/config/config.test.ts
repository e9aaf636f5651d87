import { spawnSync } from 'node:child_process';
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
});
