import { describe, expect, it } from 'vitest';
import { fetchOn } from '../support/http.ts';
import { useTestApp } from '../support/test-app.ts';

// Through app.inject, whose requests come from 127.0.0.1 (one client). Two instances counting one
// address together: server/test/auth/embedded-sign-in.test.ts.

describe('sign-in rate limit', () => {
  const server = useTestApp({ SIGN_IN_RATE_LIMIT: '2' }, { started: true });

  it('the third sign-in start in a minute from one IP gets 429 with Retry-After and the too-many-requests result', async () => {
    const login = (mode: string) => fetchOn(server, `/api/auth/login/dev?mode=${mode}`);
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
      fetchOn(server, '/api/auth/session', {
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

describe('the sign-in limit and X-Forwarded-For', () => {
  const direct = useTestApp({ SIGN_IN_RATE_LIMIT: '2' }, { started: true });
  const proxied = useTestApp({ SIGN_IN_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1/8, ::1' }, { started: true });
  const startFrom = (app: typeof direct, address: string) =>
    fetchOn(app, '/api/auth/login/dev?mode=redirect', { headers: { 'x-forwarded-for': address } });

  it('without TRUST_PROXY, a client rotating X-Forwarded-For stays in its own bucket', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i += 1) statuses.push((await startFrom(direct, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([302, 302, 429, 429]);
  });

  it('behind a proxy TRUST_PROXY names, each forwarded client address has its own bucket', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i += 1) statuses.push((await startFrom(proxied, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([302, 302, 302, 302]);
    expect((await startFrom(proxied, '203.0.113.1')).status).toBe(302);
    expect((await startFrom(proxied, '203.0.113.1')).status).toBe(429);
  });
});
