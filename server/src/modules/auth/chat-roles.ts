import type { Role } from '@chat/contracts';

/**
 * Who may use conversations, groups and messages: workspace members. ROOT belongs to no workspace
 * (docs/produto.md, Papéis), so it has nobody to talk to and gets a 403 instead of empty answers.
 */
export const CHAT_ROLES: readonly Role[] = ['ADMIN', 'USER'];
