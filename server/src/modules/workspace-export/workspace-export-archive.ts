import { Readable } from 'node:stream';
import { jsonArray, jsonText, worthCompressing, writeZip } from '../exports/archive-parts';
import type { ExportDeps } from '../exports/export-kind';
import { workspacePage } from './workspace-export-html';
import { conversationsOf, groupsOf, membersOf, messagesOf, uploadsOf, workspaceOf } from './workspace-export-queries';

// A workspace's export as a zip: workspace.json, membros.json, grupos.json, conversas.json,
// mensagens.json, arquivos.json, the files under arquivos/<media key>, and index.html to read it
// all. Every list is streamed from the database into the archive as it is written, and every
// file from the media store, so the export's memory does not grow with the workspace.

/** Writes the workspace's archive to `target`; null when the workspace no longer exists. */
export async function writeWorkspaceArchive(
  deps: Pick<ExportDeps, 'db' | 'mediaStore' | 'appUrl' | 'now'>,
  workspaceId: string,
  target: string,
  signal: AbortSignal,
): Promise<{ sizeBytes: number } | null> {
  const { db, mediaStore, appUrl } = deps;
  const workspace = await workspaceOf(db, workspaceId);
  if (!workspace) return null;
  const generatedAt = deps.now();
  const sources = {
    members: () => membersOf(db, workspaceId),
    groups: () => groupsOf(db, workspaceId),
    conversations: () => conversationsOf(db, workspaceId),
    messages: () => messagesOf(db, workspaceId, appUrl),
    uploads: () => uploadsOf(db, workspaceId),
  };
  return writeZip(target, signal, async (zip) => {
    zip.addText('workspace.json', jsonText({ ...workspace, generatedAt: generatedAt.toISOString() }));
    zip.addTextStream('membros.json', () => jsonArray(sources.members()));
    zip.addTextStream('grupos.json', () => jsonArray(sources.groups()));
    zip.addTextStream('conversas.json', () => jsonArray(sources.conversations()));
    zip.addTextStream('mensagens.json', () => jsonArray(sources.messages()));
    zip.addTextStream('arquivos.json', () => jsonArray(sources.uploads()));
    for await (const upload of sources.uploads()) {
      signal.throwIfAborted();
      zip.addStream(`arquivos/${upload.key}`, async () => (await mediaStore.get(upload.key))?.stream ?? Readable.from([]), {
        compress: worthCompressing(upload.contentType),
      });
    }
    zip.addTextStream('index.html', () => workspacePage({ workspace, ...sources, generatedAt }));
  });
}
