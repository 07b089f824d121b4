import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conversations, groupMembers, groups, mediaUploads, users, workspaces } from '@chat/server/bench-api';

// The workspace export bench's data, inserted directly (no argon2, no HTTP): one workspace with
// MEMBERS members, GROUPS groups and CONVERSATIONS conversations, `messages` messages spread over
// them by generate_series (one statement per chat), one reaction on every tenth message, and
// `fileBytes` of files of FILE_BYTES each, written straight into the media store's folder with
// their media_uploads rows and an image message each. A second, small workspace sits beside it:
// the export must not read it.

const MEMBERS = 40;
const GROUPS = 10;
const CONVERSATIONS = 40;
export const FILE_BYTES = 1024 * 1024;

export interface Seeded {
  adminId: string;
  adminToken: string;
  workspaceId: string;
  files: number;
}

async function writeRandomFile(file: string, size: number): Promise<void> {
  const out = createWriteStream(file);
  for (let written = 0; written < size; written += 64 * 1024) {
    if (!out.write(randomBytes(Math.min(64 * 1024, size - written)))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

export async function seedExportBench(app: FastifyInstance, dataDir: string, messages: number, fileBytes: number): Promise<Seeded> {
  const { db, accessTokens, env } = app.ctx;
  const [workspace, elsewhere] = await db
    .insert(workspaces)
    .values([{ name: 'Bench exportação' }, { name: 'Outro workspace' }])
    .returning({ id: workspaces.id });
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        name: i === 0 ? 'Administradora Bench' : `Colega ${i}`,
        nickName: `export${i}`,
        email: `export${i}@bench.local`,
        role: i === 0 ? ('ADMIN' as const) : ('USER' as const),
        passwordHash: 'x',
        workspaceId: workspace!.id,
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(users)
    .values({ name: 'Fora', nickName: 'fora', email: 'fora@bench.local', passwordHash: 'x', workspaceId: elsewhere!.id });
  const ids = people.map((p) => p.id);
  const admin = ids[0]!;

  const chats: Array<{ column: 'group_id' | 'conversation_id'; id: string; authors: string[] }> = [];
  for (let g = 0; g < GROUPS; g++) {
    const members = ids.filter((_, i) => i % GROUPS === g || i === 0);
    const [group] = await db
      .insert(groups)
      .values({ workspaceId: workspace!.id, name: `Grupo ${g}`, createdById: admin })
      .returning();
    await db.insert(groupMembers).values(members.map((userId) => ({ groupId: group!.id, userId, isAdmin: userId === admin })));
    chats.push({ column: 'group_id', id: group!.id, authors: members });
  }
  for (let c = 0; c < CONVERSATIONS; c++) {
    const pair = [ids[c % MEMBERS]!, ids[(c + 1 + Math.floor(c / MEMBERS)) % MEMBERS]!];
    const [conversation] = await db.insert(conversations).values({ userOneId: pair[0]!, userTwoId: pair[1]! }).returning();
    chats.push({ column: 'conversation_id', id: conversation!.id, authors: pair });
  }

  // Messages: generate_series per chat, authors taken in turn, a minute apart.
  const perChat = Math.ceil(messages / chats.length);
  let left = messages;
  for (const chat of chats) {
    const count = Math.min(perChat, left);
    left -= count;
    if (count <= 0) break;
    const authors = sql.raw(`ARRAY[${chat.authors.map((a) => `'${a}'::uuid`).join(',')}]`);
    await db.execute(sql`
      INSERT INTO messages (author_id, ${sql.raw(chat.column)}, content_type, body, created_at, updated_at)
      SELECT (${authors})[1 + i % ${chat.authors.length}], ${chat.id}::uuid, 'text',
             'Mensagem ' || i || ' da exportação: reunião de planejamento do orçamento trimestral, pauta e próximos passos.',
             now() - make_interval(mins => ${count} - i), now()
      FROM generate_series(1, ${count}) AS i`);
  }
  await db.execute(sql`
    INSERT INTO message_reactions (message_id, user_id, emoji)
    SELECT m.id, m.author_id, '👍' FROM messages m WHERE m.seq % 10 = 0`);

  // Files: written straight into the media store's folder (as an upload leaves them), each with its row and message.
  const files = Math.floor(fileBytes / FILE_BYTES);
  const folder = path.join(dataDir, 'media', 'files');
  await mkdir(folder, { recursive: true });
  const origin = new URL(env.appUrl).origin;
  for (let start = 0; start < files; start += 100) {
    const batch = Array.from({ length: Math.min(100, files - start) }, (_, i) => ({
      key: `files/${randomUUID()}-arquivo-${start + i}.bin`,
      uploaderId: ids[(start + i) % MEMBERS]!,
    }));
    for (const f of batch) await writeRandomFile(path.join(dataDir, 'media', f.key), FILE_BYTES);
    await db.insert(mediaUploads).values(
      batch.map((f) => ({
        key: f.key,
        workspaceId: workspace!.id,
        uploaderId: f.uploaderId,
        sizeBytes: FILE_BYTES,
        contentType: 'application/octet-stream',
      })),
    );
    const chat = chats[0]!;
    for (const f of batch) {
      await db.execute(sql`
        INSERT INTO messages (author_id, group_id, content_type, body, file_name, file_size, mime_type)
        VALUES (${f.uploaderId}::uuid, ${chat.id}::uuid, 'file', ${`${origin}/media/${f.key}`}, ${path.basename(f.key)}, ${FILE_BYTES}, 'application/octet-stream')`);
    }
  }
  const adminToken = await accessTokens.sign({ id: admin, role: 'ADMIN', workspaceId: workspace!.id });
  return { adminId: admin, adminToken, workspaceId: workspace!.id, files };
}
