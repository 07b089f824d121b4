// The texts of the workspace deletion in the root area, without zod.

export const WORKSPACE_DELETION_TEXTS = {
  dangerTitle: 'Zona de perigo',
  dangerDescription:
    'Excluir o workspace apaga todos os membros, grupos, conversas, mensagens e arquivos dele. Os membros saem na hora e não podem mais entrar. Não pode ser desfeito.',
  deleteButton: 'Excluir workspace',
  confirmTitle: 'Excluir o workspace?',
  confirmDescription: (name: string) =>
    `Tudo o que existe em “${name}” será apagado para sempre. Para confirmar, digite o nome do workspace.`,
  confirmLabel: 'Nome do workspace',
  confirm: 'Excluir definitivamente',
  cancel: 'Cancelar',
  progressTitle: 'Excluindo o workspace',
  progress: (done: number, total: number) => `${done} de ${total} itens apagados`,
  starting: 'Contando o que há para apagar…',
  failed: 'A exclusão parou por um erro. Tente de novo: ela continua de onde parou.',
  retry: 'Tentar de novo',
  done: 'Workspace excluído',
  startFailed: 'Não foi possível excluir o workspace',
  deleting: 'Em exclusão',
} as const;
