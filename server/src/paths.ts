import path from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits directly in server/src, and the compiled bundle directly in server/dist
// (scripts/build-server.mjs), so paths from here are the same in both.
const here = path.dirname(fileURLToPath(import.meta.url));

/** The built web app (`npm run build` makes it). */
export const WEB_DIST = path.resolve(here, '../../web/dist');

/** The web app's server half, which paints the share page (`npm run build` makes it; never served as a file). */
export const WEB_SSR = path.resolve(here, '../../web/dist-ssr');

/** The SQL migrations applied at start-up (copied next to the bundle by the build). */
export const MIGRATIONS_DIR = path.join(here, 'db/migrations');
