import { writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';

// The exports' zips, opened as the person who downloads them would.

/** Every file of a zip, written under `dir`. */
export async function unzipTo(zip: Buffer, dir: string): Promise<string[]> {
  const file = await promisify<Buffer, { lazyEntries: boolean }, ZipFile>(fromBuffer)(zip, { lazyEntries: true });
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject);
    file.on('end', () => resolve());
    file.on('entry', (entry: Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const target = path.join(dir, entry.fileName);
          void mkdir(path.dirname(target), { recursive: true }).then(() => {
            writeFileSync(target, Buffer.concat(chunks));
            names.push(entry.fileName);
            file.readEntry();
          }, reject);
        });
      });
    });
    file.readEntry();
  });
  return names;
}
