import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

// A zip written to a file as it is made, never held in memory: each entry is opened only when the
// archive reaches it (so a thousand files are never open at once), its bytes flow through with the
// file stream's backpressure, and the archive appears under its name only once complete (it is
// written beside it as `.part` and renamed). Exports of a person's data and of a workspace both
// build their archives with it.

/** Where an entry's bytes come from, asked for only when the archive reaches the entry. */
export type EntrySource = () => Promise<Readable> | Readable;

export interface EntryOptions {
  /** False for what is already compressed (images, audio, video, zips): deflating it again costs time for nothing. */
  compress?: boolean;
  mtime?: Date;
}

export class StreamingZip {
  private readonly zip = new ZipFile();
  private readonly partPath: string;
  private readonly written: Promise<void>;

  private constructor(private readonly finalPath: string) {
    this.partPath = `${finalPath}.part`;
    this.written = pipeline(this.zip.outputStream, createWriteStream(this.partPath));
    // A failure surfaces through finish(); until then it must not be an unhandled rejection.
    this.written.catch(() => undefined);
    // yazl reports a bad entry on itself, and never listens to its sources' errors: both end the archive.
    this.zip.on('error', (error: Error) => this.fail(error));
  }

  private fail(error: Error): void {
    const output = this.zip.outputStream as Readable;
    if (!output.destroyed) output.destroy(error);
  }

  /** Starts an archive that finish() will leave at `finalPath` (its folder is created). */
  static async create(finalPath: string): Promise<StreamingZip> {
    await mkdir(path.dirname(finalPath), { recursive: true });
    return new StreamingZip(finalPath);
  }

  /** A small text written whole (an index page, a short JSON). */
  addText(name: string, text: string, options: EntryOptions = {}): void {
    this.zip.addBuffer(Buffer.from(text, 'utf8'), name, {
      compress: options.compress ?? true,
      ...(options.mtime ? { mtime: options.mtime } : {}),
    });
  }

  /** Text produced piece by piece (a long JSON array read a page at a time from the database). */
  addTextStream(name: string, pieces: () => AsyncIterable<string>, options: EntryOptions = {}): void {
    this.addStream(name, () => Readable.from(pieces(), { objectMode: false }), options);
  }

  /** Bytes from a stream opened when the archive reaches the entry (a stored file). */
  addStream(name: string, source: EntrySource, options: EntryOptions = {}): void {
    this.zip.addReadStreamLazy(
      name,
      { compress: options.compress ?? true, ...(options.mtime ? { mtime: options.mtime } : {}) },
      (callback) => {
        Promise.resolve()
          .then(source)
          .then(
            (stream) => {
              stream.once('error', (error: Error) => this.fail(error));
              callback(null, stream);
            },
            (error: unknown) => this.fail(error instanceof Error ? error : new Error(String(error))),
          );
      },
    );
  }

  /** Ends the archive, waits until every byte is on disk and moves it to its name; its size in bytes. */
  async finish(): Promise<{ sizeBytes: number }> {
    this.zip.end();
    try {
      await this.written;
    } catch (error) {
      await rm(this.partPath, { force: true });
      throw error;
    }
    await rename(this.partPath, this.finalPath);
    return { sizeBytes: (await stat(this.finalPath)).size };
  }

  /** Gives up: the partial file is removed. */
  async abort(error: Error = new Error('zip abandonado')): Promise<void> {
    this.fail(error);
    await this.written.catch(() => undefined);
    await rm(this.partPath, { force: true });
  }
}
