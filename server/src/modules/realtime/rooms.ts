// Room names used by every module that emits: all sockets of a user, all sockets of a workspace.
export const userRoom = (userId: string) => `user:${userId}`;
export const workspaceRoom = (workspaceId: string) => `workspace:${workspaceId}`;
