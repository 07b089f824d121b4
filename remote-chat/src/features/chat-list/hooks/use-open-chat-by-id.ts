import { useEffect, useState } from 'react';
import { getConversationById, getGroupById } from '@chat/api-client';
import type { Conversation, Group } from '@chat/contracts';
import type { ChatKind } from '../../../shared/chat-types';
import { clearGroupUnread, clearUnread } from '../lib/list-updates';

type Updater<T> = (list: T[]) => T[];

interface Options {
  openId: string | null;
  openKind: ChatKind | null;
  /** Both lists answered and the open chat is in neither's loaded pages. */
  missing: boolean;
  live: (change: { conversations?: Updater<Conversation>; groups?: Updater<Group> }) => void;
  /** Called as the fetch starts; what it returns records the open chat's count when the answer comes. */
  beginFetch: () => (id: string, unread: number) => void;
}

/** A chat fetched apart, kept where it is when a page brought it meanwhile, else added. */
const upsertOlder = <T extends { id: string }>(list: T[], chat: T): T[] => (list.some((c) => c.id === chat.id) ? list : [...list, chat]);

/**
 * The open chat, opened by its address, older than the first pages: fetched by id, for its unread
 * count at opening (as the first fetch that finds a chat gives it) and for the list. True while
 * that fetch is on its way.
 */
export function useOpenChatById({ openId, openKind, missing, live, beginFetch }: Options): boolean {
  const [fetchedId, setFetchedId] = useState<string | null>(null);
  useEffect(() => {
    if (!missing || !openId || fetchedId === openId) return;
    const found = beginFetch();
    const fetched =
      openKind === 'group'
        ? getGroupById(openId).then(({ data }) => {
            found(openId, data.unreadMessages ?? 0);
            live({ groups: (list) => clearGroupUnread(upsertOlder(list, data), openId) });
          })
        : getConversationById(openId).then(({ data }) => {
            found(openId, data.unreadMessages);
            live({ conversations: (list) => clearUnread(upsertOlder(list, data), openId) });
          });
    // Not found (not mine): the chat view says so itself.
    void fetched.catch(() => undefined).finally(() => setFetchedId(openId));
  }, [missing, openId, openKind, fetchedId, live, beginFetch]);
  return missing && fetchedId !== openId;
}
