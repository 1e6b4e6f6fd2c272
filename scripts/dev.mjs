#!/usr/bin/env node
// `npm run dev`: the API server rebuilt by esbuild and restarted on change (port 8080, DATA_DIR
// ./data), and Vite with hot reload on http://localhost:5173/org/ proxying the API to it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { context } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const out = path.join(server, '.tmp/dev');
const pkg = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));

fs.mkdirSync(out, { recursive: true });
fs.cpSync(path.join(server, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });

let child = null;
const restart = () => {
  if (child) child.kill('SIGTERM');
  const start = () => {
    child = spawn(process.execPath, ['--enable-source-maps', path.join(out, 'server.js')], {
      stdio: 'inherit',
      env: { NODE_ENV: 'development', ...process.env },
    });
  };
  if (child && child.exitCode === null) child.once('exit', start);
  else start();
};

const ctx = await context({
  entryPoints: [path.join(server, 'src/server.ts')],
  outdir: out,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
  plugins: [{ name: 'restart', setup: (b) => b.onEnd((r) => r.errors.length === 0 && restart()) }],
});
await ctx.watch();

const vite = spawn('npm', ['run', 'dev', '-w', '@tourdesk/web'], { cwd: root, stdio: 'inherit' });
const stop = async () => {
  vite.kill('SIGTERM');
  child?.kill('SIGTERM');
  await ctx.dispose();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
