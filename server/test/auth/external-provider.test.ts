import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { startExternalProvider, type ExternalAccount, type ExternalProvider } from '../support/external-op.ts';
import { TestBrowser } from '../support/browser.ts';
import { callJson, fetchFor, fetchOn } from '../support/http.ts';
import { exchangeCode, runSignIn } from '../support/sign-in.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';

const MARIE: ExternalAccount = {
  sub: 'ext-1001',
  email: 'marie@lab.example',
  email_verified: true,
  name: 'Marie Curie',
  picture: 'https://lab.example/marie.png',
};

/**
 * The provider is a real server on a port, which our app calls (discovery, token, UserInfo); our app
 * needs none: a browser reaches it at {@link APP} through app.inject, and the provider over the network.
 */
const APP = 'http://localhost';

/** A browser for a sign-in across the provider and the app `server`. */
const browserFor = (server: TestApp) =>
  new TestBrowser((input, init) =>
    new URL(input instanceof Request ? input.url : input).origin === APP ? fetchFor(server)(input, init) : fetch(input, init),
  );

describe('sign-in through an external OpenID provider', () => {
  let provider: ExternalProvider;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    provider = await startExternalProvider(MARIE);
    Object.assign(env, {
      SIGN_IN_RATE_LIMIT: '1000',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_PROVIDER_NAME: 'Lab sign-in',
      ADMIN_EMAILS: 'marie@lab.example',
    });
    await provider.register(`${APP}/api/auth/callback/oidc`);
  });
  afterAll(async () => {
    await provider?.close();
  });
  // Hooks after the suite run in reverse: the app stops before the provider.
  const server = useTestApp(env);

  it('lists the configured provider and no embedded one', async () => {
    expect((await callJson(server, 'GET', '/api/auth/providers', null)).body).toEqual({
      providers: [{ id: 'oidc', name: 'Lab sign-in' }],
      mode: 'redirect',
    });
    const { url } = await runSignIn(APP, 'dev', { browser: browserFor(server) });
    expect(url.pathname + url.search).toBe('/login-error?code=operation-not-allowed');
    expect((await fetchOn(server, '/oidc/.well-known/openid-configuration')).status).toBe(404);
  });

  it('a person signs in at the provider and gets our token with its claims (ID token and UserInfo)', async () => {
    provider.account = MARIE;
    const { url, browser } = await runSignIn(APP, 'oidc', { returnTo: '/submit-job', browser: browserFor(server) });
    expect(url.searchParams.get('return_to')).toBe('/submit-job');
    const session = await exchangeCode(APP, url.searchParams.get('auth_code')!, browser);
    expect(session.body.user).toEqual({
      uid: expect.any(String),
      email: 'marie@lab.example',
      name: 'Marie Curie',
      picture: 'https://lab.example/marie.png',
      role: 'user',
      admin: true,
      expert: false,
    });
    const [row] = await server.database.db.select().from(users).where(eq(users.id, session.body.user.uid));
    expect(row).toMatchObject({ identityIssuer: provider.issuer, identitySubject: 'ext-1001', emailVerified: true });
    expect((await callJson(server, 'GET', '/api/session', { token: session.body.token })).body.user).toMatchObject({
      id: session.body.user.uid,
      name: 'Marie Curie',
    });
  });

  it('an unverified email on the admin list does not make an admin', async () => {
    provider.account = { ...MARIE, sub: 'ext-2002', email_verified: false };
    const { url, browser } = await runSignIn(APP, 'oidc', { browser: browserFor(server) });
    const session = await exchangeCode(APP, url.searchParams.get('auth_code')!, browser);
    expect(session.body.user).toMatchObject({ email: 'marie@lab.example', admin: false });
  });

  it('a person refusing at the provider ends at /login-error?code=cancelled', async () => {
    provider.account = 'deny';
    const { url } = await runSignIn(APP, 'oidc', { browser: browserFor(server) });
    expect(url.pathname + url.search).toBe('/login-error?code=cancelled');
  });
});

describe('a misconfigured external provider', () => {
  let provider: ExternalProvider;
  const wrongSecretEnv: Record<string, string> = {};
  beforeAll(async () => {
    provider = await startExternalProvider(MARIE);
    Object.assign(wrongSecretEnv, {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: 'not-the-secret',
    });
    await provider.register(`${APP}/api/auth/callback/oidc`);
  });
  afterAll(async () => {
    await provider?.close();
  });
  const wrongSecret = useTestApp(wrongSecretEnv);
  const unreachable = useTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9/nothing', OIDC_CLIENT_ID: 'x' });

  it('a wrong client secret ends at /login-error?code=configuration', async () => {
    const { url } = await runSignIn(APP, 'oidc', { browser: browserFor(wrongSecret) });
    expect(url.pathname + url.search).toBe('/login-error?code=configuration');
  });

  it('an issuer that cannot be reached ends at /login-error?code=network', async () => {
    const { url } = await runSignIn(APP, 'oidc', { browser: browserFor(unreachable) });
    expect(url.pathname + url.search).toBe('/login-error?code=network');
  });
});
