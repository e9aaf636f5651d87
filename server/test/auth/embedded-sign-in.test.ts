import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCodes, users } from '../../src/db/schema.ts';
import { databaseKinds } from '../support/databases.ts';
import { callJson, sendMessage } from '../support/http.ts';
import { exchangeCode, runSignIn, signInWithDevProvider } from '../support/sign-in.ts';
import { startOn, startTestServer, useTestServer, type TestServer } from '../support/test-server.ts';

describe('sign-in through the embedded development provider', () => {
  const server = useTestServer('pglite', { SIGN_IN_RATE_LIMIT: '1000' });

  it('lists only the development provider, by redirect, when no provider is configured', async () => {
    expect(await callJson(server.url, 'GET', '/api/auth/providers', null)).toEqual({
      status: 200,
      body: { providers: [{ id: 'dev', name: 'Development sign-in' }], mode: 'redirect' },
    });
  });

  it('the login page is labelled as the development sign-in and is not a real identity provider', async () => {
    const { url, response } = await runSignIn(server.url, 'dev');
    expect(url.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    const html = await response.text();
    expect(html).toContain('<h1>Development sign-in</h1>');
    expect(html).toContain('This is not a real identity provider');
    expect(html).toMatch(/<input id="email" name="email" type="email" required/);
    // The form's redirects end at our callback: CSP form-action allows that origin and nothing else.
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${server.url}; frame-ancestors 'none'`,
    );
  });

  it('a person signs in with email and name over real HTTP and calls the API with the token', async () => {
    const { url, browser } = await runSignIn(server.url, 'dev', {
      form: { email: 'Ada@Example.com', name: 'Ada Lovelace' },
      returnTo: '/dashboard',
    });
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('return_to')).toBe('/dashboard');
    const code = url.searchParams.get('auth_code')!;
    expect(code).toMatch(/^[\w-]{43}$/);

    const session = await exchangeCode(server.url, code, browser);
    expect(session.status).toBe(200);
    expect(session.body.user).toEqual({
      uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      picture: null,
      role: 'user',
      admin: false,
      expert: false,
    });
    const sent = await sendMessage(server.url, { token: session.body.token }, { content: 'My deploy fails on Vercel' });
    expect(sent.status).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, session.body.user.uid));
    expect(row).toMatchObject({ identityIssuer: `${server.url}/oidc`, identitySubject: 'ada@example.com', emailVerified: true });
    expect(row?.lastLogin).toBeInstanceOf(Date);
  });

  it('signing in again as the same email is the same user, with the new name; a blank name falls back to the email', async () => {
    const first = await signInWithDevProvider(server.url, { email: 'grace@example.com', name: 'Grace' });
    const again = await signInWithDevProvider(server.url, { email: 'GRACE@example.com', name: 'Grace Hopper' });
    expect(again.user).toMatchObject({ uid: first.user.uid, name: 'Grace Hopper' });
    const unnamed = await signInWithDevProvider(server.url, { email: 'linus@example.com' });
    expect(unnamed.user.name).toBe('linus');
  });

  it('popup mode ends on a page that posts the one-time code to the app origin only, and keeps the opener', async () => {
    const { url, response, browser } = await runSignIn(server.url, 'dev', { form: { email: 'pop@example.com' }, mode: 'popup' });
    expect(url.pathname).toBe('/api/auth/callback/dev');
    expect(response.status).toBe(200);
    expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    const html = await response.text();
    expect(html).toContain(`<script nonce="${nonce}">`);
    const code = /"code":"([\w-]+)"/.exec(html)?.[1];
    expect(html).toContain(`var message = {"type":"unstuck-auth","code":"${code}"}, origin = "${server.url}"`);
    expect(html).toContain('window.opener.postMessage(message, origin); window.close();');
    expect(html).not.toMatch(/eyJ/); // no JWT on the page
    expect((await exchangeCode(server.url, code!, browser)).status).toBe(200);
  });

  it('Cancel at the provider ends at /login-error?code=cancelled, or posts the error in popup mode', async () => {
    const { url, browser } = await runSignIn(server.url, 'dev');
    const cancel = new URL(`${url.pathname}/abort`, url);
    const ended = await browser.follow(await browser.request(cancel, {}), cancel, (next) => next.pathname === '/login-error');
    expect(ended.url.pathname + ended.url.search).toBe('/login-error?code=cancelled');

    const popup = await runSignIn(server.url, 'dev', { mode: 'popup' });
    const popupCancel = new URL(`${popup.url.pathname}/abort`, popup.url);
    const page = await popup.browser.follow(await popup.browser.request(popupCancel, {}), popupCancel);
    expect(await page.response.text()).toContain('{"type":"unstuck-auth","error":"cancelled"}');
  });

  it('an unknown provider, or one not enabled here, ends at /login-error?code=operation-not-allowed', async () => {
    for (const provider of ['google', 'myspace']) {
      const { url } = await runSignIn(server.url, provider);
      expect(url.pathname + url.search).toBe('/login-error?code=operation-not-allowed');
    }
  });

  it('a bad email on the login page shows the form again with an error', async () => {
    const { url, browser } = await runSignIn(server.url, 'dev');
    const submit = new URL(`${url.pathname}/login`, url);
    const answer = await browser.request(submit, { email: 'not-an-email', name: 'X' });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('Enter a valid email address.');
  });

  it('a return path that leaves the site is refused', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const { url, response } = await runSignIn(server.url, 'dev', { returnTo });
      expect(response.status).toBe(400);
      expect(url.pathname).toBe('/api/auth/login/dev');
      expect(await response.text()).toContain('"error":"other"');
    }
  });

  // The one-time code the callback leaves (the session token itself: server/test/auth/session.test.ts).
  it('a one-time code works once', async () => {
    const { url, browser } = await runSignIn(server.url, 'dev', { form: { email: 'once@example.com' } });
    const code = url.searchParams.get('auth_code')!;
    expect((await exchangeCode(server.url, code, browser)).status).toBe(200);
    expect(await exchangeCode(server.url, code, browser)).toEqual({
      status: 401,
      body: {
        code: 'unauthenticated',
        detail: 'This sign-in code is invalid, used, expired or was issued to another browser; sign in again',
      },
    });
    expect((await exchangeCode(server.url, 'made-up', browser)).status).toBe(401);
  });

  it('a one-time code lives 60 seconds', async () => {
    const { url, browser } = await runSignIn(server.url, 'dev', { form: { email: 'slow@example.com' } });
    const [row] = await server.database.db.select().from(signInCodes).orderBy(desc(signInCodes.createdAt)).limit(1);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(59_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(61_000);
    await server.database.db
      .update(signInCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInCodes.codeHash, row!.codeHash));
    expect((await exchangeCode(server.url, url.searchParams.get('auth_code')!, browser)).status).toBe(401);
  });

  it("a callback URL from somebody else's sign-in does not sign this browser in (login CSRF), and works once", async () => {
    // The attacker signs in, stops before the callback and hands its URL to a victim.
    const attacker = await runSignIn(server.url, 'dev', { form: { email: 'attacker@example.com' } });
    const stopAtCallback = await runSignIn(server.url, 'dev');
    const submit = new URL(`${stopAtCallback.url.pathname}/login`, stopAtCallback.url);
    const toCallback = await stopAtCallback.browser.follow(
      await stopAtCallback.browser.request(submit, { email: 'attacker@example.com' }),
      submit,
      (next) => next.pathname === '/api/auth/callback/dev',
    );
    const callbackUrl = new URL(toCallback.response.headers.get('location')!, submit);
    const victim = await fetch(callbackUrl, { redirect: 'manual' });
    expect(victim.headers.get('location')).toBe('/login-error?code=other');
    // The state was spent by the victim's request: the attacker's own browser cannot use it either.
    const replay = await stopAtCallback.browser.request(callbackUrl);
    expect(replay.headers.get('location')).toBe('/login-error?code=other');
    expect(attacker.url.searchParams.get('auth_code')).toBeTruthy();
  });

  it("an attacker's one-time code does not sign another browser in (login CSRF through /?auth_code=), and is used up", async () => {
    const attacker = await runSignIn(server.url, 'dev', { form: { email: 'mallory@example.com' } });
    const code = attacker.url.searchParams.get('auth_code')!;
    expect(attacker.browser.cookie(new URL(server.url).host, 'unstuck_sign_in_browser')).toMatch(/^[\w-]{43}$/);
    // The victim's browser has cookies of its own (a sign-in of its own), just not the attacker's.
    const victim = await runSignIn(server.url, 'dev', { form: { email: 'victim@example.com' } });
    expect(await exchangeCode(server.url, code, victim.browser)).toEqual({
      status: 401,
      body: {
        code: 'unauthenticated',
        detail: 'This sign-in code is invalid, used, expired or was issued to another browser; sign in again',
      },
    });
    expect((await exchangeCode(server.url, code)).status).toBe(401);
    expect((await exchangeCode(server.url, code, attacker.browser)).status).toBe(401);
    expect((await exchangeCode(server.url, victim.url.searchParams.get('auth_code')!, victim.browser)).status).toBe(200);
  });
});

// Several instances share PostgreSQL; PGlite is one process per data folder.
describe.runIf(databaseKinds.includes('postgres'))('the embedded provider on several instances', () => {
  const server = useTestServer('postgres', { SIGN_IN_RATE_LIMIT: '1000' });

  it('a second instance on the same database uses the same provider keys and accepts the same tokens', async () => {
    const other = await startOn(server.testDatabase, { SIGN_IN_RATE_LIMIT: '1000' });
    try {
      const keys = async (base: string) => ((await callJson(base, 'GET', '/oidc/jwks', null)).body as { keys: unknown[] }).keys;
      expect(await keys(other.url)).toEqual(await keys(server.url));
      const session = await signInWithDevProvider(server.url, { email: 'multi@example.com' });
      expect((await callJson(other.url, 'GET', '/api/conversations', { token: session.token })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

// The sign-in limit's count is kept in the database: instances share it (the limit itself: server/test/auth/rate-limit.test.ts).
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
