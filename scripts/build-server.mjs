// `npm run build -w server`: compiles the server to one ES module, server/dist/main.js (and the code
// analysis worker's, server/dist/code-analysis.worker.js), so that it runs
// on plain Node without a TypeScript loader. Packages the server depends on stay external and
// come from node_modules at run time; the workspace contract is compiled in. The SQL migrations are
// copied next to the bundle, where server/src/db/client.ts looks for them.
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'server');
const { dependencies } = JSON.parse(await readFile(path.join(server, 'package.json'), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@unstuck/'));

await rm(path.join(server, 'dist'), { recursive: true, force: true });
await build({
  // The code analysis worker threads load their own entry, next to main.js (code-analysis-pool.ts).
  entryPoints: [path.join(server, 'src/main.ts'), path.join(server, 'src/modules/code-sharing/code-analysis.worker.ts')],
  outdir: path.join(server, 'dist'),
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // Subpath imports (`drizzle-orm/pg-core`) are external like their package.
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  logLevel: 'warning',
});
await cp(path.join(server, 'src/db/migrations'), path.join(server, 'dist/db/migrations'), { recursive: true });
