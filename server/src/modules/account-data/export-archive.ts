import { Readable } from 'node:stream';
import { jsonArray, jsonText, worthCompressing, writeZip } from '../exports/archive-parts';
import type { ExportDeps } from '../exports/export-kind';
import { ownMediaKey } from '../media/own-media-url';
import { exportPage } from './export-html';
import { messagesOf, profileOf, reactionsOf, sessionsOf, uploadsOf } from './export-queries';

// One person's export as a zip: perfil.json, sessoes.json, mensagens.json, reacoes.json,
// arquivos.json, the files themselves under arquivos/<media key>, and index.html to read it all.
// Long lists and files are streamed into the archive as it is written.

/** Writes the person's archive to `target`; null when the person no longer exists. `signal` abandons it. */
export async function writeExportArchive(
  deps: Pick<ExportDeps, 'db' | 'mediaStore' | 'appUrl' | 'now'>,
  userId: string,
  target: string,
  signal: AbortSignal,
): Promise<{ sizeBytes: number } | null> {
  const { db, mediaStore, appUrl } = deps;
  const profile = await profileOf(db, userId);
  if (!profile) return null;
  const sessions = await sessionsOf(db, userId);
  const generatedAt = deps.now();
  return writeZip(target, signal, async (zip) => {
    zip.addText('perfil.json', jsonText(profile));
    zip.addText('sessoes.json', jsonText(sessions));
    zip.addTextStream('mensagens.json', () => jsonArray(messagesOf(db, userId)));
    zip.addTextStream('reacoes.json', () => jsonArray(reactionsOf(db, userId)));
    zip.addTextStream('arquivos.json', () => jsonArray(uploadsOf(db, userId)));

    // Only files the person uploaded go in: a message's URL maps to its key, and the key must be theirs.
    const ownKeys = new Set<string>();
    for await (const upload of uploadsOf(db, userId)) {
      ownKeys.add(upload.key);
      zip.addStream(`arquivos/${upload.key}`, async () => (await mediaStore.get(upload.key))?.stream ?? Readable.from([]), {
        compress: worthCompressing(upload.contentType),
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
  });
}
