// The `zod` module of the built app (web/vite.config.ts aliases `zod` here, contract included): zod
// with `jitless` set before any schema is built. Without it, zod probes `new Function` the first
// time it parses an object, which the server's Content-Security-Policy (no 'unsafe-eval') refuses
// and the browser reports as a violation (docs/decisions/064-jitless-zod.md).
// The server keeps zod's compiled fast path.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
