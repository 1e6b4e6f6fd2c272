import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes `name.br` (quality 11) and `name.gz` (level 9) beside every compressible file of the
 * build: the server sends them to browsers that accept them (@fastify/static `preCompressed`),
 * so the best compression costs nothing per request. Files under 1 KB are left as they are.
 */
export const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'tourdesk-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: async () => {
      const files = (await fs.promises.readdir(outDir, { recursive: true }))
        .map((f) => path.join(outDir, f))
        .filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.promises.readFile(file);
          if (data.length < 1024) return;
          const params = {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          };
          const [br, gz] = await Promise.all([brotli(data, { params }), gzip(data, { level: 9 })]);
          await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
};
