/** One stored cookie of {@link TestBrowser}. */
interface StoredCookie {
  host: string;
  path: string;
  name: string;
  value: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Just enough of a browser for sign-in flows: keeps cookies per host and path (RFC 6265, without
 * domain cookies, which no server here sets) and follows redirects one at a time, as
 * `fetch(…, { redirect: 'manual' })` leaves them.
 */
export class TestBrowser {
  private cookies: StoredCookie[] = [];

  /**
   * @param send how requests go out: the global fetch by default; a fetch that reaches an app of the
   *   fast tier for its origin (`fetchFor` in ./http.ts) and the network for the others lets one flow
   *   cross a real provider and an app without a port.
   */
  constructor(private readonly send: typeof fetch = fetch) {}

  /**
   * A GET, a form POST (`form` is sent as application/x-www-form-urlencoded) or a JSON POST
   * (`{ json }`, as the web app's fetch sends it).
   */
  async request(url: string | URL, form?: Record<string, string> | { json: unknown }): Promise<Response> {
    const target = new URL(url);
    const cookie = this.cookies
      .filter((c) => c.host === target.host && target.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const init: RequestInit = { redirect: 'manual', headers };
    if (form && 'json' in form) {
      init.method = 'POST';
      init.body = JSON.stringify(form.json);
      headers['content-type'] = 'application/json';
    } else if (form) {
      init.method = 'POST';
      init.body = new URLSearchParams(form);
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await this.send(target, init);
    for (const line of response.headers.getSetCookie()) this.store(target, line);
    return response;
  }

  /**
   * Follows redirects from `response` until one leads to a URL for which `stop` holds (returned
   * without being fetched) or an answer is not a redirect (returned with its URL).
   */
  async follow(
    response: Response,
    from: string | URL,
    stop: (url: URL) => boolean = () => false,
  ): Promise<{ url: URL; response: Response }> {
    let current = new URL(from);
    let answer = response;
    for (let hops = 0; hops < 20 && REDIRECTS.has(answer.status); hops += 1) {
      const next = new URL(answer.headers.get('location') ?? '', current);
      await answer.body?.cancel();
      if (stop(next)) return { url: next, response: answer };
      current = next;
      answer = await this.request(current);
    }
    return { url: current, response: answer };
  }

  /** The value of a cookie this browser holds for a host, if any. */
  cookie(host: string, name: string): string | undefined {
    return this.cookies.find((c) => c.host === host && c.name === name)?.value;
  }

  private store(url: URL, line: string) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    const attribute = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const path = attribute('path') ?? '/';
    const maxAge = attribute('max-age');
    const expires = attribute('expires');
    const gone =
      value === '' || (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) < Date.now());
    this.cookies = this.cookies.filter((c) => !(c.host === url.host && c.name === name && c.path === path));
    if (!gone) this.cookies.push({ host: url.host, path, name, value });
  }
}
