import { createReadStream, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_FOLDERS } from '@chat/contracts';
import { parseMediaKey } from '../modules/media/media-key';
import type { MediaStore } from '../modules/media/media-store';

// A deployment that moves its media from the local disk (DATA_DIR/media) to a bucket copies every
// stored file under the same key. Messages keep their URLs ("<APP_URL>/media/<key>"): with
// S3_BUCKET set, GET /media serves them from the bucket on any process. Run again, it copies only
// what is missing, so it can run before the switch and once more after it.

export interface CopyReport {
  copied: number;
  /** Already in the bucket under that key. */
  present: number;
  /** Not a media file: an unfinished upload (dot-file) or a name no key has. */
  ignored: string[];
}

export async function copyMediaToBucket(sourceDir: string, store: MediaStore, onFile?: (key: string) => void): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, ignored: [] };
  for (const folder of MEDIA_FOLDERS) {
    let names: string[];
    try {
      names = readdirSync(path.join(sourceDir, folder)).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(sourceDir, folder, name);
      const media = parseMediaKey(`${folder}/${name}`);
      if (!media || !statSync(file).isFile()) {
        report.ignored.push(`${folder}/${name}`);
        continue;
      }
      if (await store.exists(media.key)) {
        report.present += 1;
        continue;
      }
      await store.put(createReadStream(file), media.key, { maxBytes: Number.POSITIVE_INFINITY });
      report.copied += 1;
      onFile?.(media.key);
    }
  }
  return report;
}
