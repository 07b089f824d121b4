import { useEffect } from 'react';
import type { Conversation, Group, GroupUpdated, Message } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { mapChanged, userInConversation, userInGroup } from '../../../shared/user-updates';
import { applyChangedMessage, applyGroupReadReceipt, applyMuted, applyReadResponse } from '../lib/list-updates';

export type Updater<T> = (list: T[]) => T[];

/** A live change of the lists (a message, a read, a rename...), as updaters of the cached lists. */
export interface LiveChange {
  conversations?: Updater<Conversation>;
  groups?: Updater<Group>;
}

interface Handlers {
  meId: string;
  live: (change: LiveChange) => void;
  reload: () => void;
  upsertConversation: (conversation: Conversation) => void;
  upsertGroup: (group: Group) => void;
  updateGroup: (event: GroupUpdated) => void;
  applyMessage: (message: Message) => void;
}

/** What the live connection says about the lists, applied to them (docs/produto.md, Regras de conversa). */
export function useListEvents({ meId, live, reload, upsertConversation, upsertGroup, updateGroup, applyMessage }: Handlers) {
  useEffect(() => {
    const offs = [
      subscribe(eventBus, 'conversation', upsertConversation),
      subscribe(eventBus, 'group', upsertGroup),
      subscribe(eventBus, 'group::updated', updateGroup),
      subscribe(eventBus, 'message', applyMessage),
      // My reading in another tab clears the count here too (docs/produto.md, Regras de conversa:
      // the same in every tab).
      subscribe(eventBus, 'message:read:response', (response) =>
        live({ conversations: (list) => applyReadResponse(list, response, meId) }),
      ),
      subscribe(eventBus, 'socket:reconnected', reload),
      // An edit or delete of a last message changes its preview; silence follows my tabs;
      // my reading a group in another tab clears its '@' badge.
      ...(['message:updated', 'message:deleted'] as const).map((event) =>
        subscribe(eventBus, event, (message) =>
          live({ conversations: (list) => applyChangedMessage(list, message), groups: (list) => applyChangedMessage(list, message) }),
        ),
      ),
      subscribe(eventBus, 'chat:muted', (change) =>
        live(change.isGroup ? { groups: (list) => applyMuted(list, change) } : { conversations: (list) => applyMuted(list, change) }),
      ),
      subscribe(eventBus, 'message:receipt', (receipt) => live({ groups: (list) => applyGroupReadReceipt(list, receipt, meId) })),
      // A colleague's new name or photo shows at once in the list.
      subscribe(eventBus, 'user:updated', (user) =>
        live({
          conversations: (list) => mapChanged(list, (c) => userInConversation(c, user)),
          groups: (list) => mapChanged(list, (g) => userInGroup(g, user)),
        }),
      ),
    ];
    return () => offs.forEach((off) => off());
  }, [upsertConversation, upsertGroup, updateGroup, applyMessage, reload, meId, live]);
}
