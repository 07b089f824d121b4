import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTooLarge, uploadUrlUsed } from './media-errors';
import type { MediaStore, PutLimits, StoredMedia } from './media-store';

const isErrno = (error: unknown, ...codes: string[]) => codes.includes((error as NodeJS.ErrnoException)?.code ?? '');

/**
 * Files under DATA_DIR/media/<folder>/<file>. An upload is written to a temporary dot-file in the
 * same directory (never served: keys cannot start with a dot) and published with link(), which
 * fails when the name exists: two racing PUTs on one URL cannot both win, and a reader never sees
 * half a file.
 */
export class LocalMediaStore implements MediaStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(source: Readable, key: string, limits: PutLimits): Promise<{ size: number }> {
    const target = this.pathOf(key);
    const dir = path.dirname(target);
    await mkdir(dir, { recursive: true });
    if (await this.exists(key)) throw uploadUrlUsed();
    const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(size > limits.maxBytes ? fileTooLarge() : null, chunk);
      },
    });
    // Opened before the body flows, so the temporary file exists (and is removed) whatever fails.
    const file = await open(temp, 'wx', 0o644);
    try {
      await pipeline(source, counter, file.createWriteStream());
      await publish(temp, target);
      return { size };
    } finally {
      await rm(temp, { force: true });
    }
  }

  async get(key: string): Promise<StoredMedia | null> {
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isErrno(error, 'ENOENT', 'ENOTDIR', 'EISDIR')) return null;
      throw error;
    }
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    return { stream: handle.createReadStream(), size: info.size };
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isErrno(error, 'ENOENT', 'ENOTDIR')) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Keys are validated before they get here; this is the last line should one ever slip through. */
  private pathOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`chave de mídia fora da pasta de mídia: ${key}`);
    return file;
  }
}

/** Makes `temp` visible as `target` only if `target` does not exist yet. */
async function publish(temp: string, target: string): Promise<void> {
  try {
    await link(temp, target);
  } catch (error) {
    if (isErrno(error, 'EEXIST')) throw uploadUrlUsed();
    // Some mounted volumes have no hard links: an exclusive copy keeps the no-overwrite rule.
    if (!isErrno(error, 'EPERM', 'ENOTSUP', 'ENOSYS', 'EXDEV')) throw error;
    try {
      await copyFile(temp, target, constants.COPYFILE_EXCL);
    } catch (copyError) {
      if (isErrno(copyError, 'EEXIST')) throw uploadUrlUsed();
      throw copyError;
    }
  }
}
