import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from '../../lib/error-handler.ts';
import { WEB_DIST } from '../../paths.ts';

/** Vite names built assets `name-<hash>.ext`: their content never changes under one name. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

/** Year-long `immutable` caching for hashed assets; everything else (index.html) is revalidated each time. */
export const cacheControlFor = (filePath: string) => (HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');

/**
 * Serves the built single-page app: files of web/dist with their Brotli/gzip copies when the browser
 * accepts them (made at build time by scripts/compress-web.mjs), and index.html for every other page
 * path (spec §2: the app's router owns them). API, MCP tool and asset paths that match nothing
 * answer a JSON 404 `not_found`, never the app's page (a client must not think it connected).
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const hasWeb = existsSync(path.join(WEB_DIST, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(filePath));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // Paths with a file extension are assets: a missing one is a 404, not the app's page.
    const isPage = request.method === 'GET' && !/^\/((api|oidc)(\/|$)|mcp)/.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
    if (isPage && hasWeb) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send(errorBody('not_found', `Not found: ${request.method} ${pathname}`));
  });
}
