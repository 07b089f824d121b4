import { localDataFor } from '@chat/outbox';

/** Empties a user's outbox and drafts, so that one test's leftovers are not sent in the next. */
export async function resetLocalData(userId: string): Promise<void> {
  const data = localDataFor(userId);
  await data.runner.wake();
  await data.outbox.clear();
  for (const key of data.drafts.all().keys()) await data.drafts.remove(key);
}
