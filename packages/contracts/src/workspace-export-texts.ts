// The texts of the ADMIN's workspace export (Equipe) and of the server's answers to it, without
// zod: the shell's toast for a ready export reads them from its signed-in chunk.

export const WORKSPACE_EXPORT_ERRORS = {
  running: 'Já há uma exportação deste workspace em preparo. Avisaremos quando o arquivo estiver pronto.',
  notReady: 'Nenhuma exportação do workspace pronta para baixar. Peça uma nova na página Equipe.',
} as const;

export const WORKSPACE_EXPORT_TEXTS = {
  title: 'Exportar o workspace',
  description:
    'Um arquivo .zip com os membros, os grupos, as mensagens de todas as conversas e grupos (com remetente, data, legendas e reações) e os arquivos enviados, em JSON e numa página index.html para ler no navegador.',
  start: 'Exportar workspace',
  again: 'Exportar de novo',
  pending: 'Preparando a exportação. Avisaremos aqui e por e-mail quando o arquivo estiver pronto.',
  ready: 'Exportação do workspace pronta',
  readyToast: 'Baixe o arquivo na página Equipe. Ele fica disponível por 24 horas.',
  expired: 'O arquivo da última exportação expirou. Peça uma nova.',
  failed: 'Não foi possível exportar o workspace. Tente de novo.',
  started: 'Exportação iniciada',
  download: 'Baixar arquivo',
  expiresAt: 'Disponível até',
} as const;
