import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Draft, OutboxEntry } from './types';

export interface LocalSchema extends DBSchema {
  outbox: { key: string; value: OutboxEntry };
  drafts: { key: string; value: Draft };
}

export type TableName = 'outbox' | 'drafts';
export type LocalDatabase = IDBPDatabase<LocalSchema>;

/**
 * One IndexedDB database per signed-in user ('papo:<userId>'): another user who signs in on the
 * same browser opens a different database, so their outbox and drafts never meet.
 */
export function openLocalDatabase(userId: string): Promise<LocalDatabase> {
  return openDB<LocalSchema>(`papo:${userId}`, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'clientId' });
      db.createObjectStore('drafts', { keyPath: 'key' });
    },
  });
}
