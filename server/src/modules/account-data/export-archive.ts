import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { StreamingZip } from '../../lib/streaming-zip';
import type { MediaStore } from '../media/media-store';
import { ownMediaKey } from '../media/own-media-url';
import { exportPage } from './export-html';
import { messagesOf, profileOf, reactionsOf, sessionsOf, uploadsOf } from './export-queries';

// One person's export as a zip: perfil.json, sessoes.json, mensagens.json, reacoes.json,
// arquivos.json, the files themselves under arquivos/<media key>, and index.html to read it all.
// Long lists and files are streamed into the archive as it is written.

export interface ExportArchiveDeps {
  db: Db;
  mediaStore: MediaStore;
  appUrl: string;
  now: () => Date;
}

/** Types stored compressed already: deflating them again only costs time. */
const COMPRESSED = /^(image|audio|video)\/|zip|gzip|pdf/;

/** A JSON array written an element at a time. */
async function* jsonArray<T>(items: AsyncIterable<T>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const item of items) {
    yield `${first ? '\n' : ',\n'}  ${JSON.stringify(item)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/** Writes the person's archive to `target`; null when the person no longer exists. `signal` abandons it. */
export async function writeExportArchive(
  deps: ExportArchiveDeps,
  userId: string,
  target: string,
  signal: AbortSignal,
): Promise<{ sizeBytes: number } | null> {
  const { db, mediaStore, appUrl } = deps;
  const profile = await profileOf(db, userId);
  if (!profile) return null;
  const sessions = await sessionsOf(db, userId);
  const generatedAt = deps.now();
  const zip = await StreamingZip.create(target);
  const abandon = () => void zip.abort(new Error('exportação interrompida'));
  signal.addEventListener('abort', abandon, { once: true });
  try {
    signal.throwIfAborted();
    zip.addText('perfil.json', `${JSON.stringify(profile, null, 2)}\n`);
    zip.addText('sessoes.json', `${JSON.stringify(sessions, null, 2)}\n`);
    zip.addTextStream('mensagens.json', () => jsonArray(messagesOf(db, userId)));
    zip.addTextStream('reacoes.json', () => jsonArray(reactionsOf(db, userId)));
    zip.addTextStream('arquivos.json', () => jsonArray(uploadsOf(db, userId)));

    // Only files the person uploaded go in: a message's URL maps to its key, and the key must be theirs.
    const ownKeys = new Set<string>();
    for await (const upload of uploadsOf(db, userId)) {
      ownKeys.add(upload.key);
      zip.addStream(`arquivos/${upload.key}`, async () => (await mediaStore.get(upload.key))?.stream ?? Readable.from([]), {
        compress: !COMPRESSED.test(upload.contentType ?? ''),
      });
    }
    const fileInZip = (url: string) => {
      const key = ownMediaKey(url, appUrl)?.key;
      return key && ownKeys.has(key) ? `arquivos/${key}` : null;
    };
    zip.addTextStream('index.html', () =>
      exportPage({
        profile,
        sessions,
        messages: () => messagesOf(db, userId),
        reactions: () => reactionsOf(db, userId),
        uploads: () => uploadsOf(db, userId),
        fileInZip,
        generatedAt,
      }),
    );
    return await zip.finish();
  } catch (error) {
    await zip.abort();
    throw error;
  } finally {
    signal.removeEventListener('abort', abandon);
  }
}
