import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_VIEW_MARKERS, isPagePath, PAGE_CONFIG_JSON_TOKEN, PAGE_CONFIG_TOKENS, type PublicConfig } from '@unstuck/contract';
import type { AllowedMethods } from '../../lib/allowed-methods.ts';
import { errorBody } from '../../lib/error-handler.ts';
import { WEB_DIST } from '../../paths.ts';
import { landingPages, SHARE_PAGE_ROUTE, type BuildManifest, type LandingPage } from './landing-pages.ts';
import { sharePainter, type OpenSharedTask, type PaintSharePage } from './share-page.ts';

/** A share page's path with its token (web/src/app/router.tsx); without one the browser says "Invalid share link". */
const SHARE_PAGE_PATH = /^\/task-share\/([^/]+)$/;

/** Vite names built assets `name-<hash>.ext`: their content never changes under one name. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

/** Year-long `immutable` caching for hashed assets; everything else (index.html) is revalidated each time. */
export const cacheControlFor = (filePath: string) => (HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');

/** The app's pages, made once at start: the home page, a landing page with its preloads, any other page. */
interface PreparedPages {
  home: PreparedPage;
  other: PreparedPage;
  landing: Map<string, PreparedPage>;
}

/** One page's HTML with its compressed copies, made once at start. */
interface PreparedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The token of a share page's path as the app's router reads it; a malformed escape stays as written (no link has one). */
function decodeShareToken(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);

/**
 * A page made per request (the painted share page) in the encoding the browser takes: quick levels, since
 * it is compressed each time (the pages made at start get the highest).
 */
async function encodePage(html: string, encoding: 'br' | 'gzip' | undefined): Promise<Buffer> {
  const identity = Buffer.from(html);
  if (encoding === 'br') return brotliLater(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipLater(identity, { level: 6 });
  return identity;
}

const prepare = (html: string): PreparedPage => {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
};

/**
 * The built index.html with the configuration in place of its placeholders (contract
 * PAGE_CONFIG_TOKENS, escaped for HTML; PAGE_CONFIG_JSON_TOKEN as JSON that cannot close its
 * `<script>` element), in variants: `home` keeps the first view painted at build
 * (docs/decisions/062-painted-first-views.md), `other` drops it, so that another page does
 * not flash the home page before its script runs, and each landing page has `other` with its preload
 * links and, when it has one, its own painted top inside `#root`.
 */
export function fillPage(
  html: string,
  config: PublicConfig,
  landing: ReadonlyMap<string, LandingPage> = new Map(),
): { home: string; other: string; landing: Map<string, string> } {
  const values = new Map<string, string>(
    Object.entries(PAGE_CONFIG_TOKENS).map(([key, token]) => [token, escapeHtml(config[key as keyof PublicConfig])]),
  );
  values.set(PAGE_CONFIG_JSON_TOKEN, JSON.stringify(config).replaceAll('<', '\\u003c'));
  // One pass, so a configured value that reads like a placeholder stays as written.
  const tokens = new RegExp([...values.keys()].join('|'), 'g');
  const fill = (text: string) => text.replace(tokens, (token) => values.get(token) ?? token);
  const start = html.indexOf(FIRST_VIEW_MARKERS.start);
  const end = html.indexOf(FIRST_VIEW_MARKERS.end);
  const other = start >= 0 && end > start ? html.slice(0, start) + html.slice(end + FIRST_VIEW_MARKERS.end.length) : html;
  const landed = (page: LandingPage) =>
    other.replace('</head>', `${page.preloads}</head>`).replace('<div id="root"></div>', `<div id="root">${page.firstView ?? ''}</div>`);
  return {
    home: fill(html),
    other: fill(other),
    landing: new Map([...landing].map(([route, page]) => [route, fill(landed(page))])),
  };
}

/**
 * Serves the built single-page app: files of web/dist with their Brotli/gzip copies when the browser
 * accepts them (made at build time by scripts/compress-web.mjs), and the app's page for every other
 * page path (docs/product.md "Screens": the app's router owns them), `/` with its painted first view:
 * 200 for the routes the router and this server share (contract PAGE_ROUTES, the debug ones only with
 * `debugPages`), 404 for any other, where the app shows "Page not found". API, MCP tool and asset paths
 * that match nothing answer a JSON 404 `not_found`, never the app's page (a client must not think it
 * connected).
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: PublicConfig,
  options: { debugPages: boolean; allowedMethods: AllowedMethods; openSharedTask: OpenSharedTask },
): Promise<void> {
  const indexFile = path.join(WEB_DIST, 'index.html');
  const hasWeb = existsSync(indexFile);
  let pages: PreparedPages | null = null;
  let paintShare: PaintSharePage | null = null;
  if (hasWeb) {
    const manifestFile = path.join(WEB_DIST, '.vite', 'manifest.json');
    const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest) : {};
    const fromBuild = (file: string) => {
      const built = path.join(WEB_DIST, file);
      return existsSync(built) ? readFileSync(built, 'utf8') : null;
    };
    const filled = fillPage(readFileSync(indexFile, 'utf8'), config, landingPages(manifest, fromBuild));
    const sharePage = filled.landing.get(SHARE_PAGE_ROUTE);
    filled.landing.delete(SHARE_PAGE_ROUTE);
    paintShare = await sharePainter(sharePage ?? filled.other, config, options.openSharedTask);
    pages = {
      home: prepare(filled.home),
      other: prepare(filled.other),
      landing: new Map([...filled.landing].map(([route, html]) => [route, prepare(html)])),
    };
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      index: false,
      // The page is ours to send (filled in above); the files themselves hold placeholders.
      allowedPath: (pathName) => !pathName.startsWith('/index.html') && !pathName.startsWith('/first-views/'),
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(filePath));
      },
    });
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string, prepared: PreparedPages) => {
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']) ?? undefined;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (encoding === 'br' || encoding === 'gzip') reply.header('content-encoding', encoding);
    const shareToken = SHARE_PAGE_PATH.exec(pathname)?.[1];
    if (paintShare && shareToken !== undefined) {
      try {
        const painted = await paintShare(decodeShareToken(shareToken), request.ip);
        // The task is the link's to show for as long as it lasts: no copy may outlive it (shares.routes.ts).
        return reply.header('cache-control', 'no-store').send(await encodePage(painted, encoding));
      } catch (error) {
        // The browser asks again and says what went wrong, as on a page that was never painted.
        request.log.error({ err: error }, 'painting the share page failed');
      }
    }
    const page = pathname === '/' ? prepared.home : (prepared.landing.get(pathname) ?? prepared.other);
    return reply.send(encoding === 'br' || encoding === 'gzip' ? page[encoding] : page.identity);
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // Paths with a file extension are assets: a missing one is a 404, not the app's page. Discovery
    // documents (`/.well-known/*`, e.g. the OAuth metadata MCP clients look for) are machine reads:
    // a JSON 404 says we publish none (decision 074).
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/((api|oidc|\.well-known)(\/|$)|mcp)/.test(pathname) &&
      !/\.[a-z0-9]+$/i.test(pathname);
    if (isPage && pages) return sendPage(request, reply.code(isPagePath(pathname, options.debugPages) ? 200 : 404), pathname, pages);
    // A known API path asked with a method it does not take (RFC 9110 §15.5.6).
    const allowed = options.allowedMethods.of(pathname);
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(errorBody('method_not_allowed', `${pathname} does not take ${request.method}: use ${allowed.join(', ')}`));
    }
    return reply.code(404).send(errorBody('not_found', `Not found: ${request.method} ${pathname}`));
  });
}
