#!/usr/bin/env node
// `npm start`: build what is missing or out of date, then run the server in this process group.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const b = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', env: process.env });
if (b.status !== 0) process.exit(b.status ?? 1);

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], {
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
