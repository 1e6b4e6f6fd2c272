import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real process: the bundle `npm start` runs, on its own DATA_DIR and port.
const here = path.dirname(fileURLToPath(import.meta.url));
// inside the workspace, so the bundle resolves node_modules like dist/ does
fs.mkdirSync(path.join(here, '..', '.tmp'), { recursive: true });
const outDir = fs.mkdtempSync(path.join(here, '..', '.tmp', 'bundle-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-life-'));
const children: ChildProcess[] = [];

const start = (
  port: number,
  env: Record<string, string> = {},
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } => {
  const child = spawn(process.execPath, [path.join(outDir, 'server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // production refuses the sandbox's fake payments; YooKassa is never called here (the demo pays nothing)
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '100500',
      YOOKASSA_SECRET_KEY: 'test_production_key',
      YOOKASSA_API_URL: 'http://127.0.0.1:9',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
};

const waitFor = async (check: () => boolean, ms: number): Promise<void> => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

let first: ReturnType<typeof start>;
/** A port nobody listens on now (asked of the OS), so a busy CI machine cannot collide. */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
let port = 0;
const url = (p: string) => `http://127.0.0.1:${port}${p}`;

beforeAll(async () => {
  port = await freePort();
  const b = spawnSync(process.execPath, [path.join(here, '..', 'build.mjs'), '--outdir', outDir], { encoding: 'utf8' });
  if (b.status !== 0) throw new Error(b.stderr);
  first = start(port);
  // A slow machine gets time (the first start migrates and seeds PGlite); a process that died
  // says why at once instead of after the timeout.
  let exitCode: number | null | undefined;
  void first.exited.then((code) => (exitCode = code));
  await waitFor(() => first.output().includes('Tourdesk is running at') || exitCode !== undefined, 100_000).catch(
    (error: unknown) => {
      throw new Error(`${String(error)}; the server printed:\n${first.output()}`);
    },
  );
  if (exitCode !== undefined)
    throw new Error(`the server exited with ${exitCode} before it was ready:\n${first.output()}`);
}, 180_000);

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('prints the URL and the demo sign-in, and seeds the demo account', async () => {
    expect(first.output()).toContain(`Tourdesk is running at http://localhost:${port}/org`);
    expect(first.output()).toContain('Demo sign-in: demo@tourdesk.app / Demo12345!');
    const res = await fetch(url('/crm/api/user/auth'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'demo@tourdesk.app', password: 'Demo12345!' }),
    });
    expect(res.status).toBe(200);
  });

  it('without the demo seed on a fresh DATA_DIR, offers no demo sign-in', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-bare-'));
    try {
      const other = start(await freePort(), { DATA_DIR: bare, SEED_DEMO: 'false' });
      await waitFor(() => other.output().includes('Tourdesk is running at'), 100_000);
      expect(other.output()).not.toContain('Demo sign-in');
      other.child.kill('SIGTERM');
      expect(await other.exited).toBe(0);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  }, 150_000);

  it('writes structured JSON logs with request ids', async () => {
    await fetch(url('/meta/version.json'), { headers: { 'x-request-id': 'lifecycle-req-1' } });
    await waitFor(() => first.output().includes('lifecycle-req-1'), 5000);
    const line = first
      .output()
      .split('\n')
      .find((l) => l.includes('lifecycle-req-1'))!;
    expect(JSON.parse(line)).toMatchObject({ reqId: 'lifecycle-req-1' });
  });

  it('refuses a second process on the same DATA_DIR at once, and the first keeps serving', async () => {
    const second = start(await freePort());
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain('is already using DATA_DIR');
    expect((await fetch(url('/meta/version.json'))).status).toBe(200);
  });

  it('finishes in-flight requests on SIGTERM, closes the database and releases the lock', async () => {
    // A request provably in flight across the signal: its headers and half its body are sent, the
    // signal goes once the server has logged the request, the rest once it has logged the shutdown.
    const body = JSON.stringify({ login: 'demo@tourdesk.app', password: 'Demo12345!' });
    const req = http.request(url('/crm/api/user/auth'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-request-id': 'lifecycle-inflight',
      },
    });
    const answered = new Promise<number | undefined>((resolve, reject) => {
      req.once('response', (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode));
      });
      req.on('error', reject);
    });
    // (a request cut off during the shutdown rejects before it is awaited below)
    answered.catch(() => undefined);
    req.write(body.slice(0, 10));
    await waitFor(() => first.output().includes('"reqId":"lifecycle-inflight"'), 10_000);
    first.child.kill('SIGTERM');
    await waitFor(() => first.output().includes('shutting down: finishing in-flight requests'), 10_000);
    req.end(body.slice(10));
    expect(await answered).toBe(200);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('database closed');
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);

    // a restart on the same directory opens the same data (no second seed, data intact)
    const again = start(port);
    // (the log line and the banner travel separately: wait for both)
    await waitFor(
      () => again.output().includes('Tourdesk is running at') && again.output().includes('"seeded"'),
      100_000,
    );
    expect(again.output()).toContain('"seeded":false');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});
