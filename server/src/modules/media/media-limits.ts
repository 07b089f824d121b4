import { fileTooLargeText, LIMITS, type MediaFolder, megabytes } from '@chat/contracts';
import type { Env } from '../../config/env';
import { AppError } from '../../lib/errors';
import { FILE_TOO_LARGE } from './media-errors';

// The folder decides the limits: photos and images keep their 10 MB, files and voice notes take
// MAX_FILE_MB.

export interface FolderLimit {
  maxBytes: number;
  /** The refusal's text, with the limit in it. */
  tooLarge: string;
}

export function folderLimit(folder: MediaFolder, env: Pick<Env, 'maxFileMb'>): FolderLimit {
  if (folder === 'avatars') return { maxBytes: LIMITS.imageMaxBytes, tooLarge: FILE_TOO_LARGE };
  return { maxBytes: megabytes(env.maxFileMb), tooLarge: fileTooLargeText(env.maxFileMb) };
}

export const tooLarge = (limit: FolderLimit) => new AppError(413, limit.tooLarge);
