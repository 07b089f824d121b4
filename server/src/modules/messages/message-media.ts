import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import type { MediaStore } from '../media/media-store';
import { forgetUpload } from '../media/media-uploads';
import { ownMediaKey } from '../media/own-media-url';
import { mediaUrlInUse } from './message-actions.repository';

/** Where a message's uploaded file lives: the media store and the public address it is served at. */
export interface MessageMediaAccess {
  db: Db;
  env: Pick<Env, 'appUrl'>;
  store: MediaStore;
}

/**
 * The uploaded file of a message that is gone (deleted for everyone, or past its workspace's
 * retention) leaves the media store, unless another message or a photo still shows it. Whether it left.
 */
export async function dropMessageMedia(access: MessageMediaAccess, url: string, messageId: string): Promise<boolean> {
  const media = ownMediaKey(url, access.env.appUrl, access.store);
  if (!media || (await mediaUrlInUse(access.db, url, messageId))) return false;
  await access.store.delete(media.key);
  await forgetUpload(access.db, media);
  return true;
}
