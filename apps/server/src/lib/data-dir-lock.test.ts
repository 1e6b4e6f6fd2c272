import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

/** issue 14, security 8: a stale lock whose pid now belongs to another program must not stop start-up. */
const here = path.dirname(fileURLToPath(import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];
const tempDir = (): string => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-lock-'));
  dirs.push(d);
  return d;
};
/** A live process, started and running (not Tourdesk). */
const spawnSleep = async (): Promise<ChildProcess> => {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return child;
};
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it("takes over a lock left by an older version (just the pid) whose pid is now another program's", async () => {
    const dir = tempDir();
    const sleep = await spawnSleep();
    fs.writeFileSync(path.join(dir, '.lock'), String(sleep.pid));
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, '.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
  });

  it('takes over a lock whose pid was reused: the process living under it started at another time', async () => {
    const dir = tempDir();
    const sleep = await spawnSleep();
    // what a Tourdesk process that died would have left, its pid since given to `sleep`
    fs.writeFileSync(path.join(dir, '.lock'), JSON.stringify({ pid: sleep.pid, started: '1', boot: 'x' }));
    lockDataDir(dir).release();
  });

  it('still refuses while a live Tourdesk process holds the lock', async () => {
    const dir = tempDir();
    // another process takes the lock with this module and holds it
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(path.join(here, 'data-dir-lock.ts'))}).then((m) => { m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000); })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(holder);
    await new Promise<void>((resolve, reject) => {
      holder.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
      holder.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
    });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`Another Tourdesk process (pid ${holder.pid})`);
  });

  it('takes over a lock whose process has exited', async () => {
    const dir = tempDir();
    const sleep = await spawnSleep();
    const pid = sleep.pid!;
    const exited = new Promise((resolve) => sleep.once('exit', resolve));
    sleep.kill('SIGKILL');
    await exited;
    fs.writeFileSync(path.join(dir, '.lock'), String(pid));
    lockDataDir(dir).release();
  });
});
