// Room names used by every module that emits: all sockets of a user, all sockets of a workspace,
// the sockets watching a user's presence (those that asked checkUserStatus about them), the
// sockets of one session (one sign-in: closed when it ends).
export const userRoom = (userId: string) => `user:${userId}`;
export const workspaceRoom = (workspaceId: string) => `workspace:${workspaceId}`;
export const presenceRoom = (userId: string) => `presence:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
