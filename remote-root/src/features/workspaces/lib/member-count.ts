import type { WorkspaceSummary } from '@chat/contracts';

/**
 * 'n membros', or 'n / limite' when a limit is set (docs/produto.md, Validação e limites: shown as
 * n/limit).
 */
export function memberCountText({ membersCount, limitOfMembers }: Pick<WorkspaceSummary, 'membersCount' | 'limitOfMembers'>) {
  const n = (value: number) => value.toLocaleString('pt-BR');
  if (limitOfMembers > 0) return `${n(membersCount)} / ${n(limitOfMembers)} membros`;
  return membersCount === 1 ? '1 membro' : `${n(membersCount)} membros`;
}
