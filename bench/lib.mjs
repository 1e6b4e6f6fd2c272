import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const TASKSET = '/usr/bin/taskset';
/**
 * Load tests pin the servers to one CPU and the load generator to the others, when the
 * machine has taskset and more than one CPU: a server and autocannon fighting over the same
 * cores make the figures swing by a third from run to run.
 */
export const canPin = fs.existsSync(TASKSET) && os.availableParallelism() > 1;
export const pinSelfToLoadCpus = () => {
  if (canPin)
    spawnSync(TASKSET, ['-a', '-cp', `0-${os.availableParallelism() - 2}`, String(process.pid)], { stdio: 'ignore' });
};
/** The command that runs `args` with node on the server CPU (the last one) when pinning is possible. */
export const serverCommand = (args) => {
  const last = String(os.availableParallelism() - 1);
  return canPin ? [TASKSET, ['-c', last, process.execPath, ...args]] : [process.execPath, args];
};

/** Starts the built server on a throwaway DATA_DIR and waits until it answers. */
export const startServer = async (port, env = {}, { pin = false } = {}) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-bench-'));
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"): node options for the server only
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...nodeArgs, path.join(root, 'apps/server/dist/server.js')];
  const [command, commandArgs] = pin ? serverCommand(args) : [process.execPath, args];
  const child = spawn(command, commandArgs, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // production refuses the sandbox's fake payments; the benches take none, so YooKassa is never called
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '100500',
      YOOKASSA_SECRET_KEY: 'bench_production_key',
      YOOKASSA_API_URL: 'http://127.0.0.1:9',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  // a fresh DATA_DIR seeds the demo first: on a busy two-core machine that took over a minute
  const until = Date.now() + 180_000;
  while (!out.includes('Tourdesk is running')) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
