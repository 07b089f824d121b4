import { and, eq, sql } from 'drizzle-orm';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import { mediaUploads, users, workspaces } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { inspectDirectUpload } from './direct-upload-check';
import { folderLimit } from './media-limits';
import type { MediaKey } from './media-key';
import { isDirectUploadStore, type MediaStore } from './media-store';
import { ownMediaKey } from './own-media-url';

// Who each stored upload belongs to, and how much a workspace keeps.

export const STORAGE_QUOTA_EXCEEDED = 'Cota de armazenamento do workspace esgotada';
/**
 * 413, not 507: the file is refused by the workspace's own policy, a limit of the request and not a
 * fault of the server. A 5xx would page whoever watches errors and invite clients to retry.
 */
export const storageQuotaExceeded = () => new AppError(413, STORAGE_QUOTA_EXCEEDED);

const BYTES_PER_MB = 1024 * 1024;

/** Who may use an upload: its uploader's workspace, or only the uploader when that is ROOT (no workspace). */
export interface MediaUser {
  id: string;
  workspaceId: string | null;
}

export interface MediaAccess {
  db: Db;
  env: Pick<Env, 'appUrl' | 'maxFileMb'>;
  store: MediaStore;
}

export async function recordUpload(db: Db, media: MediaKey, uploader: MediaUser, sizeBytes: number, contentType: string): Promise<void> {
  await db
    .insert(mediaUploads)
    .values({ key: media.key, workspaceId: uploader.workspaceId, uploaderId: uploader.id, sizeBytes, contentType });
}

/**
 * An upload URL of a bucket handed out: whose the file will be, its declared size (0 when not
 * said), which the quota counts from now on, and its type. Checked before any use (usableMedia).
 */
export async function recordPendingUpload(
  db: Db,
  media: MediaKey,
  uploader: MediaUser,
  sizeBytes: number | null,
  contentType: string,
): Promise<void> {
  await db.insert(mediaUploads).values({
    key: media.key,
    workspaceId: uploader.workspaceId,
    uploaderId: uploader.id,
    sizeBytes: sizeBytes ?? 0,
    contentType,
    pending: true,
  });
}

/** A checked direct upload: from now on it is used like one that came through the server. */
export async function confirmUpload(db: Db, media: MediaKey, sizeBytes: number): Promise<void> {
  await db
    .update(mediaUploads)
    .set({ pending: false, sizeBytes })
    .where(and(eq(mediaUploads.key, media.key), eq(mediaUploads.pending, true)));
}

export async function forgetUpload(db: Db, media: MediaKey): Promise<void> {
  await db.delete(mediaUploads).where(eq(mediaUploads.key, media.key));
}

/**
 * The key behind `url` when `user` may put it in a message or an avatar: a public URL of this
 * server's media store (see ownMediaKey), uploaded within the user's workspace, file present.
 * Null otherwise: unknown, foreign and deleted files look the same.
 */
export async function usableMedia(access: MediaAccess, url: string, user: MediaUser): Promise<UsableMedia | null> {
  const media = ownMediaKey(url, access.env.appUrl, access.store);
  if (!media) return null;
  const [upload] = await access.db
    .select({
      workspaceId: mediaUploads.workspaceId,
      uploaderId: mediaUploads.uploaderId,
      sizeBytes: mediaUploads.sizeBytes,
      contentType: mediaUploads.contentType,
      pending: mediaUploads.pending,
    })
    .from(mediaUploads)
    .where(eq(mediaUploads.key, media.key));
  if (!upload) return null;
  const mine = upload.workspaceId === null ? upload.uploaderId === user.id : upload.workspaceId === user.workspaceId;
  if (!mine) return null;
  const uploadedType = upload.contentType ?? media.contentType;
  if (upload.pending) {
    const sizeBytes = await checkPendingUpload(access, media, { ...upload, contentType: uploadedType });
    return sizeBytes === null ? null : { ...media, sizeBytes, uploadedType };
  }
  if (!(await access.store.exists(media.key))) return null;
  return { ...media, sizeBytes: upload.sizeBytes, uploadedType };
}

/**
 * The size of a direct upload once it has passed the checks (direct-upload-check.ts), or null: not
 * there yet, or refused, and then removed with its record. Over the quota (when it outgrew what
 * was declared) it is removed too, and the refusal is the quota's.
 */
async function checkPendingUpload(
  access: MediaAccess,
  media: MediaKey,
  upload: { workspaceId: string | null; sizeBytes: number; contentType: string },
): Promise<number | null> {
  const { db, store } = access;
  if (!isDirectUploadStore(store)) return null;
  const maxBytes = folderLimit(media.folder, access.env).maxBytes;
  const verdict = await inspectDirectUpload(store, media, { contentType: upload.contentType, declaredSize: upload.sizeBytes, maxBytes });
  if (verdict.kind === 'missing') return null;
  const drop = async () => {
    await store.delete(media.key);
    await forgetUpload(db, media);
  };
  if (verdict.kind === 'refused') {
    await drop();
    return null;
  }
  if (verdict.size > upload.sizeBytes) {
    try {
      await assertStorageRoom(db, upload.workspaceId, verdict.size - upload.sizeBytes);
    } catch (error) {
      await drop();
      throw error;
    }
  }
  await confirmUpload(db, media, verdict.size);
  return verdict.size;
}

/** An upload a message may show: its key, stored size and the type its upload URL was signed for. */
export interface UsableMedia extends MediaKey {
  sizeBytes: number;
  uploadedType: string;
}

/** The uploader an upload URL was signed for, if still an active account. */
export async function activeUploader(db: Db, id: string): Promise<MediaUser | null> {
  const [row] = await db.select({ id: users.id, workspaceId: users.workspaceId, active: users.active }).from(users).where(eq(users.id, id));
  return row?.active ? { id: row.id, workspaceId: row.workspaceId } : null;
}

/**
 * The bytes `workspaceId` may still store: what its quota leaves, or Infinity without a quota (and
 * for ROOT, who has no workspace). Never below 0.
 */
export async function storageRoom(db: Db, workspaceId: string | null): Promise<number> {
  if (!workspaceId) return Infinity;
  const [row] = await db
    .select({
      quotaMb: workspaces.storageQuotaMb,
      usedBytes: sql<string>`(SELECT coalesce(sum(${mediaUploads.sizeBytes}), 0) FROM ${mediaUploads} WHERE ${mediaUploads.workspaceId} = ${workspaces.id})`,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!row || row.quotaMb === 0) return Infinity;
  return Math.max(0, row.quotaMb * BYTES_PER_MB - Number(row.usedBytes));
}

/**
 * Refuses (413) an upload of `incomingBytes` more into `workspaceId` when its quota is set and the
 * stored sizes plus these bytes would pass it. Uploads racing each other may each pass and
 * overshoot by what they carry (at most one file each): the rate limit on upload URLs bounds that.
 * Returns the room left, which also bounds the upload's body (a size declared small, or none).
 */
export async function assertStorageRoom(db: Db, workspaceId: string | null, incomingBytes: number): Promise<number> {
  const room = await storageRoom(db, workspaceId);
  if (incomingBytes > room || room === 0) throw storageQuotaExceeded();
  return room;
}
