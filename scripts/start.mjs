// `npm start`: runs the compiled server (server/dist/main.js). On a development checkout it builds
// first when the build is missing or older than the sources, so that `npm ci && npm start` works on
// a fresh clone; a production install (`npm ci --omit=dev`) has no build tools and must ship the build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const outputs = ['server/dist/main.js', 'web/dist/index.html'].map((file) => path.join(root, file));
const sources = ['package-lock.json', 'contract/src', 'server/src', 'web/src', 'web/public', 'web/index.html', 'scripts'];

/** Newest modification time under a file or folder, in ms. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce((latest, name) => Math.max(latest, newest(path.join(target, name))), info.mtimeMs);
}

const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const canBuild = existsSync(path.join(root, 'node_modules/.bin/vite'));
if (canBuild && builtAt < Math.max(...sources.map((source) => newest(path.join(root, source))))) {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
} else if (builtAt === 0) {
  console.error('No build found: run `npm run build` (with dev dependencies installed) before `npm start`.');
  process.exit(1);
}
await import(pathToFileURL(outputs[0]).href);
