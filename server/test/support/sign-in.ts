import { randomBytes } from 'node:crypto';
import type { SessionResponse } from '@unstuck/contract';
import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../../src/deps.ts';
import { createSignInCode } from '../../src/modules/auth/auth.repository.ts';
import { EMBEDDED_OP_PATH } from '../../src/modules/auth/embedded-op/embedded-op.ts';
import { exchangeSignInCode } from '../../src/modules/auth/session.service.ts';
import { SIGN_IN_CODE_TTL_SECONDS } from '../../src/modules/auth/sign-in.service.ts';
import { upsertIdentityUser } from '../../src/modules/users/users.repository.ts';
import { TestBrowser } from './browser.ts';
import type { Target } from './http.ts';

/** A page of the web app on our server (not the provider, not an API route): where results land. */
const isAppPage = (baseUrl: string) => (url: URL) =>
  url.origin === new URL(baseUrl).origin && !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/api/');

/**
 * Starts a sign-in at our server and follows it through the provider until the app page that
 * receives the result (`/?auth_code=…` or `/login-error?code=…`), which is not fetched.
 * @param form for the embedded provider: the login page is submitted with these fields.
 * @returns the app page's URL, or the last page reached when the flow stopped elsewhere.
 */
export async function runSignIn(
  baseUrl: string,
  provider: string,
  options: { form?: { email: string; name?: string }; returnTo?: string; mode?: 'popup' | 'redirect'; browser?: TestBrowser } = {},
): Promise<{ url: URL; response: Response; browser: TestBrowser }> {
  const browser = options.browser ?? new TestBrowser();
  const query = new URLSearchParams({ return_to: options.returnTo ?? '/', mode: options.mode ?? 'redirect' });
  const start = `${baseUrl}/api/auth/login/${provider}?${query.toString()}`;
  let reached = await browser.follow(await browser.request(start), start, isAppPage(baseUrl));
  if (options.form && reached.url.pathname.startsWith('/oidc/interaction/')) {
    const submit = new URL(`${reached.url.pathname}/login`, reached.url);
    const fields = { email: options.form.email, name: options.form.name ?? '' };
    reached = await browser.follow(await browser.request(submit, fields), submit, isAppPage(baseUrl));
  }
  return { ...reached, browser };
}

/**
 * Exchanges the one-time code of `/?auth_code=…` for our token (`POST /api/auth/session`).
 * @param browser whose cookies go with the request: the browser that signed in, another one, or
 *   none (a bare request).
 */
export async function exchangeCode(
  baseUrl: string,
  code: string,
  browser: TestBrowser = new TestBrowser(),
): Promise<{ status: number; body: SessionResponse & { detail?: string } }> {
  const response = await browser.request(`${baseUrl}/api/auth/session`, { json: { code } });
  return { status: response.status, body: (await response.json()) as SessionResponse & { detail?: string } };
}

/**
 * Signs in through the embedded development provider's login page, as a person would.
 * @returns our token and its claims.
 * @throws when the flow does not end with a one-time code.
 */
export async function signInWithDevProvider(baseUrl: string, person: { email: string; name?: string }): Promise<SessionResponse> {
  const { url, browser } = await runSignIn(baseUrl, 'dev', { form: person });
  const code = url.searchParams.get('auth_code');
  if (!code) throw new Error(`sign-in did not finish: ended at ${url.href}`);
  const session = await exchangeCode(baseUrl, code, browser);
  if (session.status !== 200) throw new Error(`code exchange failed: ${JSON.stringify(session.body)}`);
  return session.body;
}

/**
 * A server people sign in on: a real one (`useTestServer`, by its URL) or an app of the fast tier
 * (`useTestApp`, by its dependencies).
 */
export type SignInServer = { url: string } | { app: FastifyInstance; runtime: Runtime };

/** The URL of a real server; undefined for a test app (whose stand-in has no `url`). */
const urlOf = (server: SignInServer): string | undefined => (server as { url?: string }).url;

/** Where the JSON helpers reach `server`: its URL, or the test app itself (through `app.inject`). */
export function targetOf(server: SignInServer): Target {
  return urlOf(server) ?? (server as Exclude<SignInServer, { url: string }>);
}

/**
 * Signs a person in. On a real server: through the embedded provider's login page, as a browser
 * would ({@link signInWithDevProvider}). On a test app, where no provider listens: the users row that
 * provider's sign-in leaves (same issuer path, subject and email verification as outside production)
 * and a one-time code are written, and the code is exchanged by the session service, so the token and
 * claims (ADMIN_EMAILS, expert flag) come from the same rules.
 * @returns our token and its claims.
 */
export async function signIn(server: SignInServer, person: { email: string; name?: string }): Promise<SessionResponse> {
  const url = urlOf(server);
  if (url !== undefined) return signInWithDevProvider(url, person);
  const { deps } = (server as Exclude<SignInServer, { url: string }>).runtime;
  const { code, browserKey } = await signInCode(server as Exclude<SignInServer, { url: string }>, person);
  return exchangeSignInCode(deps, code, browserKey);
}

/**
 * On a test app: what the embedded provider's callback leaves for a person (see {@link signIn}), a
 * one-time code and the browser-binding cookie's secret it is bound to, not yet exchanged.
 * @returns the code for `POST /api/auth/session` and the value of the `unstuck_sign_in_browser` cookie.
 */
export async function signInCode(
  server: Exclude<SignInServer, { url: string }>,
  person: { email: string; name?: string },
): Promise<{ code: string; browserKey: string }> {
  const { deps } = server.runtime;
  const now = deps.clock.now();
  const email = person.email.trim().toLowerCase();
  const identity = {
    issuer: `http://localhost${EMBEDDED_OP_PATH}`,
    subject: email,
    email,
    emailVerified: deps.config.NODE_ENV !== 'production',
    name: person.name || null,
    picture: null,
  };
  const user = await upsertIdentityUser(deps.db, identity, 'dev', now);
  const browserKey = randomBytes(16).toString('base64url');
  const code = await createSignInCode(deps.db, user.id, browserKey, now, SIGN_IN_CODE_TTL_SECONDS);
  return { code, browserKey };
}
