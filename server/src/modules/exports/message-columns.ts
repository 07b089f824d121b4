import { messages } from '../../db/schema';

/** What every export keeps of a message, beside where it was written and by whom. */
export const exportedMessageColumns = {
  id: messages.id,
  seq: messages.seq,
  type: messages.contentType,
  body: messages.body,
  caption: messages.caption,
  fileName: messages.fileName,
  fileSize: messages.fileSize,
  mimeType: messages.mimeType,
  createdAt: messages.createdAt,
  editedAt: messages.editedAt,
};
