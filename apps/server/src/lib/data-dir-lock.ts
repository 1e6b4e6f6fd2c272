import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `Another Tourdesk process (pid ${pid}) is already using DATA_DIR ${dir}. Stop it first, or start this one with another DATA_DIR.`,
    );
  }
}

/** What the lock file holds: the owner's pid and, where the system tells, when that process started. */
interface LockOwner {
  pid: number;
  /** the process's start time (Linux: clock ticks since boot, /proc/<pid>/stat field 22) */
  started?: string;
  /** the boot the start time counts from (Linux: /proc/sys/kernel/random/boot_id) */
  boot?: string;
}

const readProc = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** The start time of a process, null where /proc is not there (macOS) or the process is gone. */
const startTimeOf = (pid: number): string | null => {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  // "pid (comm) state ppid …": comm may hold spaces and parentheses; the fields after it are plain
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
};
const bootId = (): string | null => readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

const ownerNow = (): LockOwner => {
  const started = startTimeOf(process.pid);
  const boot = bootId();
  return { pid: process.pid, ...(started ? { started } : {}), ...(boot ? { boot } : {}) };
};

/** The lock file's owner: JSON, or a bare pid as versions before the start time wrote it. */
const parseOwner = (text: string): LockOwner | null => {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid) || value.pid! <= 0) return null;
    return {
      pid: value.pid!,
      ...(typeof value.started === 'string' ? { started: value.started } : {}),
      ...(typeof value.boot === 'string' ? { boot: value.boot } : {}),
    };
  } catch {
    return null;
  }
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Whether the process the lock names still holds it. A pid alone is not enough: after a crash
 * or a reboot the pid may belong to an unrelated program. Where the system tells (Linux /proc),
 * the owner must have started when the lock says (and in this boot); a lock of an older version
 * (a bare pid) counts only when that pid runs Node.
 */
const holdsLock = (owner: LockOwner): boolean => {
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  const started = startTimeOf(owner.pid);
  if (started === null) return true; // no /proc: the pid is all there is to go on
  if (owner.started !== undefined) {
    const boot = bootId();
    return owner.started === started && (owner.boot === undefined || boot === null || owner.boot === boot);
  }
  const cmdline = readProc(`/proc/${owner.pid}/cmdline`);
  if (cmdline === null) return true;
  const program = path.basename(cmdline.split('\0')[0] ?? '');
  return /^node/.test(program) || /tourdesk/i.test(cmdline);
};

/**
 * Exclusive lock on DATA_DIR: PGlite corrupts its files when two processes open them.
 * The lock file holds the owner's pid and start time; a lock left by a process that is gone, or
 * whose pid now belongs to another program, is taken over.
 */
export const lockDataDir = (dir: string): { release: () => void } => {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, '.lock');
  const me = ownerNow();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, JSON.stringify(me));
      fs.closeSync(fd);
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          try {
            if (parseOwner(fs.readFileSync(file, 'utf8'))?.pid === process.pid) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = parseOwner(fs.readFileSync(file, 'utf8'));
      if (owner && holdsLock(owner)) throw new DataDirLockedError(dir, owner.pid);
      // stale: its owner is gone, or its pid is another program's now
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dir}`);
};
