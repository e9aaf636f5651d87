import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { embeddedProviderEnabled, signInStartupNotice } from '../../src/modules/auth/identity-providers.ts';
import { callJson, fetchOn } from '../support/http.ts';
import { useTestApp } from '../support/test-app.ts';

const PRODUCTION = { NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40) };
// What the load balancer in front of the production domain reports (trusted: TRUST_PROXY=loopback).
const FROM_PRODUCTION_DOMAIN = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'unstuck.example' };

// Through app.inject, whose requests come from 127.0.0.1 as a proxy on the same host would: the
// forwarded headers are the subject, not the socket.
describe('in production without EMBEDDED_OIDC', () => {
  const server = useTestApp({ ...PRODUCTION, PUBLIC_URL: 'https://unstuck.example', TRUST_PROXY: 'loopback' });

  it('the embedded provider does not run: no provider, no /oidc issuer, dev sign-in not allowed', async () => {
    expect(await callJson(server, 'GET', '/api/auth/providers', null)).toEqual({
      status: 200,
      body: { providers: [], mode: 'redirect' },
    });
    // No discovery document: /oidc is not a page of the web app either.
    const discovery = await fetchOn(server, '/oidc/.well-known/openid-configuration');
    expect(discovery.status).toBe(404);
    const login = await fetchOn(server, '/api/auth/login/dev', { redirect: 'manual', headers: FROM_PRODUCTION_DOMAIN });
    expect(login.headers.get('location')).toBe('/login-error?code=operation-not-allowed');
  });

  it('sign-in is by popup on the production domain only, and may not start on another domain', async () => {
    const providers = (headers: Record<string, string>) => fetchOn(server, '/api/auth/providers', { headers }).then((r) => r.json());
    expect(await providers(FROM_PRODUCTION_DOMAIN)).toEqual({ providers: [], mode: 'popup' });
    expect(await providers({})).toEqual({ providers: [], mode: 'redirect' });
    const elsewhere = await fetchOn(server, '/api/auth/login/google', { redirect: 'manual' });
    expect(elsewhere.headers.get('location')).toBe('/login-error?code=unauthorized-domain');
  });

  it('an https PUBLIC_URL sends HSTS and upgrade-insecure-requests', async () => {
    const home = await fetchOn(server, '/');
    expect(home.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(home.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('debug pages are off by default', async () => {
    expect((await fetchOn(server, '/api/ping')).status).toBe(404);
  });
});

describe('forwarded headers and https-only headers', () => {
  const direct = useTestApp({ ...PRODUCTION, PUBLIC_URL: 'http://unstuck.example' });

  it('without TRUST_PROXY a client cannot claim the production domain with X-Forwarded-Host', async () => {
    const providers = await fetchOn(direct, '/api/auth/providers', {
      headers: { ...FROM_PRODUCTION_DOMAIN, 'x-forwarded-proto': 'http' },
    });
    expect(await providers.json()).toEqual({ providers: [], mode: 'redirect' });
  });

  it('a plain-http PUBLIC_URL gets neither HSTS nor upgrade-insecure-requests (a blank page on any other host name)', async () => {
    const home = await fetchOn(direct, '/');
    expect(home.headers.get('strict-transport-security')).toBeNull();
    expect(home.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
  });
});

describe('the embedded provider switch', () => {
  const config = (env: Record<string, string>) => loadConfig({ ...PRODUCTION, ...env });

  it('at start-up the server says why sign-in is unavailable in production', () => {
    expect(embeddedProviderEnabled(config({}))).toBe(false);
    expect(signInStartupNotice(config({}))).toEqual({
      level: 'warn',
      message:
        'Sign-in is unavailable: no identity provider is configured and the embedded development provider is off because of NODE_ENV=production (set EMBEDDED_OIDC=true to allow it).',
    });
  });

  it('EMBEDDED_OIDC=true allows it in production, with a warning, and needs PUBLIC_URL', () => {
    const allowed = config({ EMBEDDED_OIDC: 'true', PUBLIC_URL: 'https://unstuck.example' });
    expect(embeddedProviderEnabled(allowed)).toBe(true);
    expect(signInStartupNotice(allowed)?.message).toMatch(/running in production \(EMBEDDED_OIDC=true\): anyone can sign in/);
    expect(() => config({ EMBEDDED_OIDC: 'true' })).toThrow(ConfigError);
    expect(() => config({ EMBEDDED_OIDC: 'true' })).toThrow(/PUBLIC_URL: is required when EMBEDDED_OIDC=true/);
  });

  it('a configured provider replaces it; EMBEDDED_OIDC=false turns it off in development too', () => {
    const google = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(embeddedProviderEnabled(google)).toBe(false);
    expect(signInStartupNotice(google)).toBeNull();
    expect(embeddedProviderEnabled(loadConfig({ EMBEDDED_OIDC: 'false' }))).toBe(false);
    expect(embeddedProviderEnabled(loadConfig({}))).toBe(true);
  });

  it('provider variables come in pairs', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET: is required together with GOOGLE_CLIENT_ID/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example' })).toThrow(/OIDC_CLIENT_ID: is required when OIDC_ISSUER is set/);
    expect(() => loadConfig({ ADMIN_EMAILS: 'boss@example.com, nope' })).toThrow(/ADMIN_EMAILS/);
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.com ,x@y.org' }).ADMIN_EMAILS).toEqual(['boss@example.com', 'x@y.org']);
  });
});
