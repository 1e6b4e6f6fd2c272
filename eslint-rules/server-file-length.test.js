import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 23: no server source file over 400 lines (CONVENTIONS.md: one aggregate per service file).
 * A file that grows past it is split by aggregate or responsibility, each part a factory of its own
 * composed by the original one. Tests are exempt; so are the database schema and seed and app.ts,
 * which live outside the folders checked.
 */
const MAX_LINES = 400;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHECKED = ['apps/server/src/modules', 'apps/server/src/lib'];

const linesOf = (text) => {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
};

/** The non-test .ts files under `dir` with more than `max` lines, as `path (lines)` relative to `base`. */
const oversized = (base, dir, max) => {
  const found = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const lines = linesOf(fs.readFileSync(full, 'utf8'));
        if (lines > max) found.push(`${path.relative(base, full)} (${lines})`);
      }
    }
  };
  walk(path.join(base, dir));
  return found.sort();
};

describe('server file length', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'file-length-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('counts lines as wc does and finds a file one line over, tests aside', () => {
    expect(linesOf('a\nb\n')).toBe(2);
    expect(linesOf('a\nb')).toBe(2);
    expect(linesOf('')).toBe(0);
    const dir = path.join(scratch, 'modules/x');
    fs.mkdirSync(dir, { recursive: true });
    const body = (n) => 'const a = 1;\n'.repeat(n);
    fs.writeFileSync(path.join(dir, 'at-limit.ts'), body(MAX_LINES));
    fs.writeFileSync(path.join(dir, 'over.service.ts'), body(MAX_LINES + 1));
    fs.writeFileSync(path.join(dir, 'long.test.ts'), body(MAX_LINES * 2));
    expect(oversized(scratch, 'modules', MAX_LINES)).toEqual([`modules/x/over.service.ts (${MAX_LINES + 1})`]);
  });

  it(`no non-test .ts file under ${CHECKED.join(' or ')} passes ${MAX_LINES} lines`, () => {
    const found = CHECKED.flatMap((dir) => oversized(root, dir, MAX_LINES));
    expect(found).toEqual([]);
  });
});
