// Starts the built server on a fresh DATA_DIR for the end-to-end run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'apps/server/dist/server.js');
if (!fs.existsSync(bundle)) {
  console.error('The server is not built: run `node scripts/build.mjs` first (npm test does).');
  process.exit(1);
}
fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import(bundle);
