// Business constants and limits of docs/produto.md, Validação e limites, shared by browser and
// server.
export const APP_VERSION = '1.0.22';

export const ROLES = ['ROOT', 'ADMIN', 'USER'] as const;
export type Role = (typeof ROLES)[number];

/** Where each role lands after sign-in and on a wrong-role route (docs/produto.md, Papéis). */
export const HOME_BY_ROLE: Record<Role, string> = {
  ROOT: '/root/workspaces',
  ADMIN: '/auth/conversations',
  USER: '/auth/conversations',
};

/** The three prefixed local-storage keys of the stored session. */
export const STORAGE_KEYS = {
  user: '@team-chat:user',
  token: '@team-chat:token',
  refreshToken: '@team-chat:refreshToken',
} as const;

export const LIMITS = {
  messageMaxLength: 2000,
  imageMaxBytes: 10 * 1024 * 1024,
  /** Files and voice notes: MAX_FILE_MB on the server, this when unset. */
  fileMaxMbDefault: 25,
  /** The longest voice note. */
  voiceNoteMaxMs: 15 * 60 * 1000,
  uploadTimeoutMs: 60_000,
  /**
   * The slowest upload link an upload is given time for: about 1 Mbit/s, a weak mobile uplink.
   * At this rate 60 s carries 7.5 MB; a 25 MB file needs 200 s.
   */
  uploadMinBytesPerSecond: 128 * 1024,
  typingIdleMs: 2000,
  /**
   * A stop signal can be lost (a dropped packet, a crashed tab): the receiver hides 'Digitando...'
   * this long after the last start signal, and a writer who keeps typing repeats the start every
   * typingRefreshMs so that a long message keeps it shown.
   */
  typingShownMs: 6000,
  typingRefreshMs: 3000,
  textareaMinRows: 2,
  textareaMaxRows: 4,
  notificationCloseMs: 5000,
  scrollLockPx: 100,
  passwordMin: 8,
  passwordMax: 72,
  nameMin: 2,
  nameMax: 40,
  memberEditNameMin: 1,
  nickNameMin: 3,
  nickNameMax: 25,
  polygonNameMin: 3,
  polygonNameMax: 20,
  groupEditNameMin: 3,
  inviteCodeMin: 7,
  resetTokenLength: 64,
  resetTokenTtlMs: 60 * 60 * 1000,
  inviteTtlMs: 7 * 24 * 60 * 60 * 1000,
  /** The largest member limit the workspace form offers (the original spec's range). */
  workspaceMemberLimitMax: 1000,
  /** Members a group may have unless ROOT sets another limit for the workspace. */
  groupMemberLimitDefault: 1000,
  /** Highest group member limit ROOT may set. */
  groupMemberLimitMax: 5000,
  /** Members (and admins) a Group entity carries: enough for the chat header's line of nicknames. */
  groupHeadSize: 8,
  /** Members (and admins) a `group::updated` carries: the header's line of nicknames needs three. */
  groupEventHeadSize: 3,
  groupMembersPageSize: 50,
  groupMembersPageMax: 200,
  /** E-mails one 'Colar e-mails' may resolve. */
  pastedEmailsMax: 5000,
  /**
   * The largest member limit ROOT may set at all: above workspaceMemberLimitMax only through the
   * form's "limite ampliado" option or the API (docs/produto.md, Contas, sessões e segurança).
   */
  workspaceMemberLimitExtendedMax: 100_000,
  /** Members per page of the team lists (GET /workspace/members): the default and the most a page may ask. */
  memberPageSize: 50,
  memberPageMax: 200,
  /** Largest storage quota ROOT may give a workspace, in MB (1 TB); 0 means no quota. */
  workspaceStorageQuotaMaxMb: 1_048_576,
  searchMinChars: 2,
  searchDebounceMs: 500,
  historyPageSize: 50,
  /** Chats a page of the sidebar's lists brings (GET /group/list, /conversation/get-conversations). */
  chatListPageSize: 50,
  chatListPageMax: 200,
} as const;

/**
 * How long the browser waits for an upload of `bytes`: 60 s (the original spec's image upload), or
 * longer when the file needs more at LIMITS.uploadMinBytesPerSecond. A flat 60 s would fail a 25 MB
 * file on any link under 3.4 Mbit/s, which is a common mobile uplink in Brazil.
 */
export const uploadTimeoutFor = (bytes: number): number =>
  Math.max(LIMITS.uploadTimeoutMs, Math.ceil((bytes / LIMITS.uploadMinBytesPerSecond) * 1000));

export const TOAST = {
  productDurationMs: 3000,
  providerDurationMs: 5000,
  viewportWidthPx: 390,
} as const;

/** socket.io-client reconnection settings of docs/produto.md, Validação e limites. */
export const SOCKET_RECONNECTION = {
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
} as const;

/**
 * The outbox's own retries of a send that got no answer (packages/outbox): after the first delay,
 * doubling up to the longest; the connection coming back retries at once.
 */
export const OUTBOX_RETRY = { delayMs: 3_000, maxDelayMs: 30_000 } as const;

export const SOCKET_NAMESPACE = '/events';

export const MODAL_MAX_WIDTH_PX = { sm: 450, md: 600, lg: 800, xl: 1000 } as const;
export const MODAL_FIXED_HEIGHT_VH = [35, 45, 55, 65] as const;
export const NAV_CONTENT_WIDTH_PX = 1200;
export const COLLAPSIBLE_OPEN_HEIGHT_PX = 300;

/** Accepted image types for uploads: never SVG (it can carry script). */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
