// The Portuguese texts of the offline outbox and of drafts, shared by the shell (the
// connection banner, the sign-out question) and remote-chat (bubbles, the chat list).

const messages = (count: number) => (count === 1 ? '1 mensagem' : `${count} mensagens`);

export const OUTBOX_TEXTS = {
  /** The connection banner, while messages wait in the outbox. */
  waiting: (count: number) => `${messages(count)} aguardando conexão`,
  /** A message the server refused (4xx): it will not be sent again on its own. */
  refused: 'Não enviada',
  retry: 'Tentar novamente',
  discard: 'Apagar',
  signOutTitle: 'Sair sem enviar as mensagens?',
  signOutDescription: (count: number) =>
    `${count === 1 ? 'Há 1 mensagem que ainda não foi enviada' : `Há ${count} mensagens que ainda não foram enviadas`}. ` +
    `Se você sair agora, ${count === 1 ? 'ela será apagada' : 'elas serão apagadas'} deste navegador e ninguém vai recebê-${count === 1 ? 'la' : 'las'}.`,
  signOutConfirm: 'Sair e apagar',
  signOutCancel: 'Continuar conectado',
} as const;

export const DRAFT_TEXTS = {
  /** The chat list's preview of a chat with a draft: 'Rascunho: ...'. */
  label: 'Rascunho:',
} as const;
