import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { startExternalProvider, type ExternalAccount, type ExternalProvider } from '../support/external-op.ts';
import { callJson } from '../support/http.ts';
import { exchangeCode, runSignIn } from '../support/sign-in.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const MARIE: ExternalAccount = {
  sub: 'ext-1001',
  email: 'marie@lab.example',
  email_verified: true,
  name: 'Marie Curie',
  picture: 'https://lab.example/marie.png',
};

describe('sign-in through an external OpenID provider', () => {
  let provider: ExternalProvider;
  let server: TestServer;
  beforeAll(async () => {
    provider = await startExternalProvider(MARIE);
    server = await startTestServer('pglite', {
      SIGN_IN_RATE_LIMIT: '1000',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_PROVIDER_NAME: 'Lab sign-in',
      ADMIN_EMAILS: 'marie@lab.example',
    });
    await provider.register(`${server.url}/api/auth/callback/oidc`);
  });
  afterAll(async () => {
    await server?.destroy();
    await provider?.close();
  });

  it('lists the configured provider and no embedded one', async () => {
    expect((await callJson(server.url, 'GET', '/api/auth/providers', null)).body).toEqual({
      providers: [{ id: 'oidc', name: 'Lab sign-in' }],
      mode: 'redirect',
    });
    const { url } = await runSignIn(server.url, 'dev');
    expect(url.pathname + url.search).toBe('/login-error?code=operation-not-allowed');
    expect((await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('a person signs in at the provider and gets our token with its claims (ID token and UserInfo)', async () => {
    provider.account = MARIE;
    const { url, browser } = await runSignIn(server.url, 'oidc', { returnTo: '/submit-job' });
    expect(url.searchParams.get('return_to')).toBe('/submit-job');
    const session = await exchangeCode(server.url, url.searchParams.get('auth_code')!, browser);
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
    expect((await callJson(server.url, 'GET', '/api/session', { token: session.body.token })).body.user).toMatchObject({
      id: session.body.user.uid,
      name: 'Marie Curie',
    });
  });

  it('an unverified email on the admin list does not make an admin', async () => {
    provider.account = { ...MARIE, sub: 'ext-2002', email_verified: false };
    const { url, browser } = await runSignIn(server.url, 'oidc');
    const session = await exchangeCode(server.url, url.searchParams.get('auth_code')!, browser);
    expect(session.body.user).toMatchObject({ email: 'marie@lab.example', admin: false });
  });

  it('a person refusing at the provider ends at /login-error?code=cancelled', async () => {
    provider.account = 'deny';
    const { url } = await runSignIn(server.url, 'oidc');
    expect(url.pathname + url.search).toBe('/login-error?code=cancelled');
  });
});

describe('a misconfigured external provider', () => {
  let provider: ExternalProvider;
  let wrongSecret: TestServer;
  let unreachable: TestServer;
  beforeAll(async () => {
    provider = await startExternalProvider(MARIE);
    wrongSecret = await startTestServer('pglite', {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: 'not-the-secret',
    });
    await provider.register(`${wrongSecret.url}/api/auth/callback/oidc`);
    unreachable = await startTestServer('pglite', { OIDC_ISSUER: 'http://127.0.0.1:9/nothing', OIDC_CLIENT_ID: 'x' });
  });
  afterAll(async () => {
    await wrongSecret?.destroy();
    await unreachable?.destroy();
    await provider?.close();
  });

  it('a wrong client secret ends at /login-error?code=configuration', async () => {
    const { url } = await runSignIn(wrongSecret.url, 'oidc');
    expect(url.pathname + url.search).toBe('/login-error?code=configuration');
  });

  it('an issuer that cannot be reached ends at /login-error?code=network', async () => {
    const { url } = await runSignIn(unreachable.url, 'oidc');
    expect(url.pathname + url.search).toBe('/login-error?code=network');
  });
});
