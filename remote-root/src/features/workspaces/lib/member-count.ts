import type { WorkspaceSummary } from '@chat/contracts';

/**
 * 'n membros', or 'n / limite' when a limit is set (docs/produto.md, Validação e limites: shown as
 * n/limit).
 */
export function memberCountText({ membersCount, limitOfMembers }: Pick<WorkspaceSummary, 'membersCount' | 'limitOfMembers'>) {
  if (limitOfMembers > 0) return `${membersCount} / ${limitOfMembers} membros`;
  return membersCount === 1 ? '1 membro' : `${membersCount} membros`;
}
