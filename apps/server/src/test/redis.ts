import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

/** Debian's redis-server (package `redis-server`); REDIS_SERVER_BIN points elsewhere. */
export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

/** Whether the Redis suites can run here; they are skipped, saying why, when not. */
export const redisServerAvailable = fs.existsSync(REDIS_SERVER_BIN);
export const REDIS_SKIP_REASON = `skipped: no redis-server at ${REDIS_SERVER_BIN} (apt-get install -y redis-server)`;

export interface TestRedis {
  url: string;
  /** a client of its own, for looking at the keys */
  client: Redis;
  stop: () => Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

/** Starts redis-server on the port; resolves once it accepts connections, rejects if it exits first. */
const launch = (port: number, dir: string): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      REDIS_SERVER_BIN,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`redis-server exited (${code}) before accepting connections:\n${output}`)),
    );
    const probe = async (tries: number): Promise<void> => {
      const c = new Redis({
        port,
        host: '127.0.0.1',
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      c.on('error', () => undefined); // refused while it starts: the probe tries again
      try {
        await c.connect();
        if ((await c.ping()) === 'PONG') {
          c.disconnect();
          resolve(child);
          return;
        }
      } catch {
        c.disconnect();
      }
      if (child.exitCode !== null) return;
      if (tries <= 0) {
        child.kill('SIGKILL');
        return;
      }
      setTimeout(() => void probe(tries - 1), 50);
    };
    void probe(100);
  });

/**
 * A throwaway redis-server for one test file: a free port on 127.0.0.1, no persistence
 * (`--save '' --appendonly no`), its own temporary directory; `stop` kills it (it is also
 * killed if the test process exits first).
 */
export const startTestRedis = async (): Promise<TestRedis> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-redis-'));
  let child: ChildProcess | null = null;
  let port = 0;
  // the free port may be taken between the check and the start: try a few
  for (let attempt = 0; attempt < 5 && !child; attempt++) {
    port = await freePort();
    child = await launch(port, dir).catch((e: unknown) => {
      if (attempt === 4) throw e;
      return null;
    });
  }
  const proc = child!;
  const killOnExit = () => proc.kill('SIGKILL');
  process.once('exit', killOnExit);
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url);
  return {
    url,
    client,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      client.disconnect();
      proc.kill('SIGTERM');
      await exited(proc);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};
