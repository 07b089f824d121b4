import type { Namespace } from 'socket.io';
import type { ServerEventName, ServerEventPayloads } from '@chat/contracts';
import { userRoom, workspaceRoom } from './rooms';

/**
 * Emits server events to users' rooms (every socket of each user, on every server process) or to
 * a workspace's. One emit to several rooms reaches a socket once even when it is in several.
 */
export class ChatEvents {
  constructor(private readonly events: () => Namespace) {}

  toUsers<K extends ServerEventName>(userIds: readonly string[], event: K, payload: ServerEventPayloads[K]): void {
    if (userIds.length === 0) return;
    this.events()
      .to([...new Set(userIds)].map(userRoom))
      .emit(event, payload);
  }

  /** Every socket of every member of a workspace (the presence announcements). */
  toWorkspace<K extends ServerEventName>(workspaceId: string, event: K, payload: ServerEventPayloads[K]): void {
    this.events().to(workspaceRoom(workspaceId)).emit(event, payload);
  }
}
