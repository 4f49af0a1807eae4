import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files smaller than this are sent as they are: compressing them saves next to nothing. */
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `name.br` (Brotli, quality 11) and `name.gz` (gzip, level 9) beside every JS, CSS, HTML
 * and SVG file of the build, so the server can send the compressed copy the browser accepts
 * (@fastify/static `preCompressed`) without compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'carevoice:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const content = fs.readFileSync(file);
        if (content.length < PRECOMPRESS_MIN_BYTES) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}
