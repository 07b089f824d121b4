import type { ApiKeyPermission } from '@chat/contracts';

/**
 * How each permission reads on the page (docs/produto.md, Validação e limites names FULL_ACCESS and
 * READ_ONLY).
 */
export const PERMISSION_LABELS: Record<ApiKeyPermission, { title: string; detail: string }> = {
  FULL_ACCESS: { title: 'Acesso total', detail: 'Lê e envia em seu nome, exceto gerenciar chaves e senhas.' },
  READ_ONLY: { title: 'Somente leitura', detail: 'Só lê conversas, grupos e mensagens; não envia nem altera nada.' },
};
