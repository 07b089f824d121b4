import { STORAGE_KEYS } from '@chat/contracts';

/**
 * The stored user's role, read without its zod schema: for decisions that only start downloads or
 * calls early (the route's remote, the chat list's first calls), taken before the app's modules
 * run. Constructing the schema there put it in the first script's or react-dom's task;
 * the guards decide with the validated user (storage.ts) afterwards.
 */
export function storedRole(storage: Storage = localStorage): unknown {
  try {
    return (JSON.parse(storage.getItem(STORAGE_KEYS.user) ?? 'null') as { role?: unknown } | null)?.role;
  } catch {
    return undefined;
  }
}
