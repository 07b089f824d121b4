import type { Namespace } from 'socket.io';
import type { ServerEventName, ServerEventPayloads } from '@chat/contracts';
import { userRoom } from './rooms';

/**
 * Emits server events to users' rooms (every socket of each user, on every server process). One
 * emit to several rooms reaches a socket once even when it is in more than one of them.
 */
export class ChatEvents {
  constructor(private readonly events: () => Namespace) {}

  toUsers<K extends ServerEventName>(userIds: readonly string[], event: K, payload: ServerEventPayloads[K]): void {
    if (userIds.length === 0) return;
    this.events()
      .to([...new Set(userIds)].map(userRoom))
      .emit(event, payload);
  }
}
