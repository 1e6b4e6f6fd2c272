// The databases a benchmark runs on: PGlite, and a throwaway PostgreSQL cluster in a temp dir, as
// .ci/run makes one for the server suite: initdb with trust auth, pg_ctl on a free port, listening
// on 127.0.0.1 only, removed afterwards. As root the cluster runs as the `postgres` user
// (PostgreSQL refuses to run as root).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

const PG_ROOT = '/usr/lib/postgresql';

/** The bin dir of the newest PostgreSQL installed from Debian's packages, or null. */
export const findPgBin = () => {
  if (!fs.existsSync(PG_ROOT)) return null;
  const versions = fs
    .readdirSync(PG_ROOT)
    .filter(
      (v) =>
        fs.existsSync(path.join(PG_ROOT, v, 'bin', 'pg_ctl')) && fs.existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')),
    )
    .sort((a, b) => Number(a) - Number(b));
  const v = versions.at(-1);
  return v ? { version: v, bin: path.join(PG_ROOT, v, 'bin') } : null;
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const quote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/** Starts a cluster; returns its URL and stop(). Throws with the server's log when it does not start. */
export const startPostgres = async ({ bin }) => {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourdesk-bench-pg-'));
  const data = path.join(dir, 'data');
  const run = (args) => {
    const cmd = args.map(quote).join(' ');
    const r = asRoot
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd], { encoding: 'utf8' })
      : spawnSync('/bin/sh', ['-c', cmd], { encoding: 'utf8' });
    return r;
  };
  if (asRoot) spawnSync('chown', ['postgres', dir]);
  const init = run([path.join(bin, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr}${init.stdout}`);
  const port = await freePort();
  const log = path.join(dir, 'log');
  const start = run([
    path.join(bin, 'pg_ctl'),
    '-D',
    data,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    '-l',
    log,
    '-w',
    'start',
  ]);
  if (start.status !== 0) {
    const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
    throw new Error(`pg_ctl start failed:\n${start.stderr}${start.stdout}${text}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      run([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

// the server's own drivers, as it resolves them
const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
export const importServerDep = (name) => import(pathToFileURL(serverRequire.resolve(name)).href);

/**
 * Runs a benchmark on PGlite (the embedded default) and on PostgreSQL (a throwaway cluster; a
 * printed SKIPPED line when its binaries are missing), or on the one `only` names ('pglite' |
 * 'postgres'). `runOn(label, serverEnv, openClient)` gets the server's extra environment and a way
 * to open a raw SQL client on the server's database (`openClient(dataDir)` → { query, close });
 * its results are returned together.
 */
export const onEachDatabase = async (only, runOn) => {
  const all = [];
  if (!only || only === 'pglite') {
    const pglite = await importServerDep('@electric-sql/pglite');
    all.push(
      ...(await runOn('PGlite (embedded)', {}, async (dataDir) => {
        const client = new pglite.PGlite(path.join(dataDir, 'pgdata'));
        await client.waitReady;
        return { query: (text, params) => client.query(text, params), close: () => client.close() };
      })),
    );
  }
  if (!only || only === 'postgres') {
    const pgBin = findPgBin();
    if (!pgBin) {
      console.log(
        '\nPostgreSQL: SKIPPED: no PostgreSQL binaries in /usr/lib/postgresql (apt-get install -y postgresql-15)',
      );
    } else {
      const cluster = await startPostgres(pgBin);
      try {
        const { default: pg } = await importServerDep('pg');
        all.push(
          ...(await runOn(`PostgreSQL ${pgBin.version}`, { DATABASE_URL: cluster.url }, async () => {
            const client = new pg.Client({ connectionString: cluster.url });
            await client.connect();
            return { query: (text, params) => client.query(text, params), close: () => client.end() };
          })),
        );
      } finally {
        cluster.stop();
      }
    }
  }
  return all;
};
