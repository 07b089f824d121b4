import path from 'node:path';
import type { Env } from '../../config/env';
import { LocalMediaStore } from './local-media-store';
import { isDirectUploadStore, type MediaStore } from './media-store';
import { S3MediaStore } from './s3/s3-media-store';

/** The store S3_BUCKET chooses: the bucket, or DATA_DIR/media on the local disk. */
export async function createMediaStore(env: Pick<Env, 's3' | 'dataDir'>): Promise<MediaStore> {
  return env.s3 ? S3MediaStore.create(env.s3) : new LocalMediaStore(path.join(env.dataDir, 'media'));
}

/** Origins the browser reaches for media besides the app's own (the bucket and its public URL). */
export const mediaOrigins = (store: MediaStore): string[] => (isDirectUploadStore(store) ? store.origins : []);
