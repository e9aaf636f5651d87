import type { SessionResponse } from '@unstuck/contract';
import { TestBrowser } from './browser.ts';

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
