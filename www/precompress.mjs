// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the built planner
// (www/dist), at the highest levels, once per build: the server sends them as they are, so it
// never compresses at request time (docs/decisions.md).
// First it writes 404.html, a copy of index.html: static hosts (GitHub Pages, Netlify, ...) answer
// it for unknown paths, so a deep link such as /folios/3 opens the planner (offline, docs/planner.md).
import { copyFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('./dist/', import.meta.url).pathname;
const compressible = /\.(js|mjs|css|html|wasm|svg|json|txt|map)$/;
copyFileSync(join(root, 'index.html'), join(root, '404.html'));

let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      walk(path);
    } else if (compressible.test(name)) {
      const bytes = readFileSync(path);
      const br = brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      files += 1;
      before += bytes.length;
      after += br.length;
    }
  }
}

walk(root);
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(1)} KiB, ${(after / 1024).toFixed(1)} KiB as brotli`);
