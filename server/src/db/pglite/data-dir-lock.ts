import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

// PGlite happily opens one data directory from two processes and then corrupts it, so the server
// holds an exclusive lock file holding its pid while it runs.
//
// Why not proper-lockfile (evaluated at v4.1): it judges a lock stale by its mtime,
// refreshed by a timer every stale/2 (stale is at least 2 s, 10 s by default). A server killed
// with SIGKILL would then block the next start until that time has passed, where the pid check
// here frees it at once. And while the event loop is held longer than `stale` (PGlite runs on
// the main thread: creating a database takes seconds) the lock looks stale to a second starter,
// which takes it over: two processes on one directory, what the lock exists to prevent (the
// first then finds its lock compromised, which by default throws). Nor does it keep the pid the
// message below names.

export const LOCK_FILE_NAME = 'server.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly label: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${label} já está em uso por outro processo (pid ${pid}). O banco embutido (PGlite) aceita ` +
        `um único processo: pare o outro servidor, use outro DATA_DIR ou configure DATABASE_URL.\n` +
        `DATA_DIR ${label} is already in use by another process (pid ${pid}). The embedded database (PGlite) ` +
        `allows a single process: stop the other server, use another DATA_DIR or set DATABASE_URL.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Locks taken by this process, so a second take in the same process fails like another process would. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // A pid equal to ours is a leftover of an earlier life (e.g. pid 1 in a restarted container).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number {
  try {
    return Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  } catch {
    return Number.NaN;
  }
}

export function acquireDataDirLock(dataDir: string, label: string = dataDir): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  if (heldHere.has(file)) throw new DataDirLockedError(label, process.pid);

  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = readPid(file);
      if (isAlive(pid) || attempt > 0) throw new DataDirLockedError(label, pid);
      // Stale lock of a process that died without cleaning up: remove it and try once more
      // (if another starter wins that race, our retry fails with EEXIST and reports it).
      try {
        unlinkSync(file);
      } catch {
        /* already gone */
      }
    }
  }

  heldHere.add(file);
  const onExit = () => release();
  process.once('exit', onExit);
  function release() {
    if (!heldHere.delete(file)) return;
    process.removeListener('exit', onExit);
    // Never remove a lock some other process took after ours was (wrongly) judged stale.
    if (readPid(file) === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        /* already gone */
      }
    }
  }
  return { file, release };
}
