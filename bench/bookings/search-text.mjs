// The server's own requestSearchText and parseRequestSearch (apps/server/src/modules/request/request-search.ts),
// bundled on the fly with esbuild: the bench seeds search_text exactly as the core service writes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from '../lib.mjs';

export const loadRequestSearch = async () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-bench-search-')), 'request-search.mjs');
  await build({
    entryPoints: [path.join(root, 'apps/server/src/modules/request/request-search.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: out,
    logLevel: 'error',
  });
  try {
    return await import(pathToFileURL(out).href);
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
};
