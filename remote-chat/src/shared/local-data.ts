import { useSyncExternalStore } from 'react';
import { type Draft, localDataFor, type OutboxEntry } from '@chat/outbox';

// The signed-in user's outbox and drafts (@chat/outbox, opened by the shell at sign-in and
// shared with it as one instance), read as React state.

export function useOutboxEntries(userId: string): OutboxEntry[] {
  const { outbox } = localDataFor(userId);
  return useSyncExternalStore(outbox.subscribe, outbox.entries);
}

export function useDrafts(userId: string): ReadonlyMap<string, Draft> {
  const { drafts } = localDataFor(userId);
  return useSyncExternalStore(drafts.subscribe, drafts.all);
}

/** Percent uploaded of each kept image the outbox is uploading now. */
export function useOutboxProgress(userId: string): ReadonlyMap<string, number> {
  const { runner } = localDataFor(userId);
  return useSyncExternalStore(runner.subscribeProgress, runner.progress);
}
