// Runs after `vite build`: writes a Brotli (.br) and a gzip (.gz) copy of every text asset of web/dist,
// which the server sends to browsers that accept them (@fastify/static `preCompressed`).
// Compression is node:zlib's, at its highest levels: done once at build time, not per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../web/dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

let saved = 0;
for (const entry of await readdir(dist, { recursive: true })) {
  const file = path.join(dist, entry);
  if (!COMPRESSIBLE.test(file)) continue;
  const data = await readFile(file);
  const brotli = await br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  await writeFile(`${file}.br`, brotli);
  await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
  saved += data.length - brotli.length;
}
console.log(`web/dist: precompressed (Brotli saves ${(saved / 1024).toFixed(0)} KB)`);
