// Bundles the server (and the admin command) with esbuild; npm dependencies stay external,
// the workspace packages (TypeScript source) are bundled in. Migrations are copied beside it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const outArg = process.argv.indexOf('--outdir');
const dist = outArg > 0 ? path.resolve(process.argv[outArg + 1]) : path.join(here, 'dist');

fs.rmSync(dist, { recursive: true, force: true });
const entries = ['src/server.ts', ...(fs.existsSync(path.join(here, 'src/admin.ts')) ? ['src/admin.ts'] : [])];
await build({
  entryPoints: entries.map((e) => path.join(here, e)),
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
if (process.env.BUILD_TIMESTAMP) {
  fs.writeFileSync(
    path.join(dist, 'build-info.json'),
    JSON.stringify({ timestamp: Number(process.env.BUILD_TIMESTAMP), brand_id: Number(process.env.BRAND_ID ?? 1) }),
  );
}
