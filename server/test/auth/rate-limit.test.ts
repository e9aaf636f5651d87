import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.ts';
import { startOn, startTestServer, useTestServer, type TestServer } from '../support/test-server.ts';

describe('sign-in rate limit', () => {
  const server = useTestServer('pglite', { SIGN_IN_RATE_LIMIT: '2' });

  it('the third sign-in start in a minute from one IP gets 429 with Retry-After and the too-many-requests result', async () => {
    const login = (mode: string) => fetch(`${server.url}/api/auth/login/dev?mode=${mode}`, { redirect: 'manual' });
    expect((await login('redirect')).status).toBe(302);
    expect((await login('redirect')).status).toBe(302);
    const limited = await login('redirect');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await limited.text();
    expect(page).toContain('fallback = "/login-error?code=too-many-requests"');
    const popup = await login('popup');
    expect(popup.status).toBe(429);
    expect(await popup.text()).toContain('{"type":"unstuck-auth","error":"too-many-requests"}');
  });

  it('code exchanges are limited too, with the spec text', async () => {
    const exchange = () =>
      fetch(`${server.url}/api/auth/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'guess' }),
      });
    expect((await exchange()).status).toBe(401);
    expect((await exchange()).status).toBe(401);
    const limited = await exchange();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toEqual({
      code: 'rate_limited',
      detail: 'Too many sign-in attempts. Please wait a moment and try again.',
    });
  });
});

describe.runIf(databaseKinds.includes('postgres'))('sign-in rate limit across instances', () => {
  let first: TestServer;
  let second: Awaited<ReturnType<typeof startOn>>;
  beforeAll(async () => {
    first = await startTestServer('postgres', { SIGN_IN_RATE_LIMIT: '2' });
    second = await startOn(first.testDatabase, { SIGN_IN_RATE_LIMIT: '2' });
  });
  afterAll(async () => {
    await second?.close();
    await first?.destroy();
  });

  it('two servers on one database count the same IP together', async () => {
    const exchange = (url: string) =>
      fetch(`${url}/api/auth/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"code":"guess"}' });
    expect((await exchange(first.url)).status).toBe(401);
    expect((await exchange(second.url)).status).toBe(401);
    expect((await exchange(first.url)).status).toBe(429);
    expect((await exchange(second.url)).status).toBe(429);
  });
});

describe('the sign-in limit and X-Forwarded-For', () => {
  const direct = useTestServer('pglite', { SIGN_IN_RATE_LIMIT: '2' });
  const proxied = useTestServer('pglite', { SIGN_IN_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1/8, ::1' });
  const startFrom = (url: string, address: string) =>
    fetch(`${url}/api/auth/login/dev?mode=redirect`, { redirect: 'manual', headers: { 'x-forwarded-for': address } });

  it('without TRUST_PROXY, a client rotating X-Forwarded-For stays in its own bucket', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i += 1) statuses.push((await startFrom(direct.url, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([302, 302, 429, 429]);
  });

  it('behind a proxy TRUST_PROXY names, each forwarded client address has its own bucket', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i += 1) statuses.push((await startFrom(proxied.url, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([302, 302, 302, 302]);
    expect((await startFrom(proxied.url, '203.0.113.1')).status).toBe(302);
    expect((await startFrom(proxied.url, '203.0.113.1')).status).toBe(429);
  });
});
