import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('writes our pid, refuses a second holder with a clear message, and frees the directory on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, './data');
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));

    expect(() => acquireDataDirLock(dir, './data')).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir, './data')).toThrow(`DATA_DIR ./data já está em uso por outro processo (pid ${process.pid})`);

    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('refuses a lock held by another live process', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path.join(dir, LOCK_FILE_NAME), `${other.pid}\n`);
      expect(() => acquireDataDirLock(dir, dir)).toThrow(`(pid ${other.pid})`);
    } finally {
      other.kill();
    }
  });

  it('replaces a stale lock left by a process that died', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(dir, LOCK_FILE_NAME), `${dead.pid}\n`);

    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('does not delete a lock that another process took over', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    writeFileSync(path.join(dir, LOCK_FILE_NAME), '999999\n');
    lock.release();
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe('999999');
  });
});
