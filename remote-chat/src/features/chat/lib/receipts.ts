import type { MessageStatus } from '@chat/contracts';
import type { ChatMessage } from './merge-messages';

// docs/produto.md, Regras de conversa, Message status, mirrored in the open chat from socket
// events. The server stores the same transitions (a reload shows them too); these spare the reload.
// They are kept as per-message overrides laid over the history, and a status only ever moves
// forward.

export type StatusOverrides = Readonly<Record<string, MessageStatus>>;

const RANK: Record<MessageStatus, number> = { PENDING: 0, SENT: 1, DELIVERED: 2, READ: 3 };

function promotions(list: ChatMessage[], meId: string, from: readonly MessageStatus[], to: MessageStatus, upTo?: string): StatusOverrides {
  const result: Record<string, MessageStatus> = {};
  const bound = upTo === undefined ? Infinity : Date.parse(upTo);
  // A pending or failed entry has no server id yet: its send response carries its status.
  for (const m of list)
    if (m.authorId === meId && !m.failed && from.includes(m.status) && Date.parse(m.createdAt) <= bound) result[m.id] = to;
  return result;
}

/** The peer came online: my SENT messages reached them (DELIVERED). */
export const deliveredToPeer = (list: ChatMessage[], meId: string) => promotions(list, meId, ['SENT'], 'DELIVERED');

/** The peer read the conversation (up to the createdAt `upTo`, when given): my SENT and DELIVERED messages there become READ. */
export const readByPeer = (list: ChatMessage[], meId: string, upTo?: string) => promotions(list, meId, ['SENT', 'DELIVERED'], 'READ', upTo);

/** Both sets of overrides, keeping the further status of each message. */
export function mergeOverrides(a: StatusOverrides, b: StatusOverrides): StatusOverrides {
  const next: Record<string, MessageStatus> = { ...a };
  for (const [id, status] of Object.entries(b)) if (!next[id] || RANK[status] > RANK[next[id]]) next[id] = status;
  return next;
}

/** The history with the overrides applied; the same array when none changes anything. */
export function withOverrides(list: ChatMessage[], overrides: StatusOverrides): ChatMessage[] {
  let changed = false;
  const next = list.map((m) => {
    const status = overrides[m.id];
    if (!status || RANK[status] <= RANK[m.status]) return m;
    changed = true;
    return { ...m, status };
  });
  return changed ? next : list;
}
