import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A filesystem of its own, small enough to fill, for what a full disk does to the server. A tmpfs:
// mounting one needs root (CI runs as root) but no loop device, mkfs or image file; its size is
// exact, it lives in RAM (fast, nothing left on the machine's disk), and like ext4 it refuses a
// write that does not fit at write(2) with ENOSPC.

/** Why the tests that need one are skipped, or null when they can run. */
export const smallFilesystemUnavailable = (): string | null =>
  process.getuid?.() === 0 ? null : 'mounting a tmpfs needs root (CI runs as root)';

export interface SmallFilesystem {
  dir: string;
  /** Writes a filler file until the filesystem refuses more (ENOSPC), then gives `leaveBytes` back. */
  fill(leaveBytes?: number): void;
  /** Removes the filler: the space is back. */
  unfill(): void;
  freeBytes(): number;
  /** Unmounts it (lazily if a process still holds a file there) and removes the mount point. */
  remove(): void;
}

export function mountSmallFilesystem(sizeMb: number): SmallFilesystem {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-small-fs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir]);
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill(leaveBytes = 0) {
      const fd = openSync(filler, 'a');
      let written = 0;
      try {
        for (const chunk of [Buffer.alloc(1 << 20, 1), Buffer.alloc(4096, 1)]) {
          try {
            for (;;) written += writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
        if (leaveBytes) ftruncateSync(fd, Math.max(0, written - leaveBytes));
      } finally {
        closeSync(fd);
      }
    },
    unfill: () => rmSync(filler, { force: true }),
    freeBytes() {
      const { bavail, bsize } = statfsSync(dir);
      return bavail * bsize;
    },
    remove() {
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' });
      } catch {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
