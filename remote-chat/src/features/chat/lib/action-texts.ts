// The Portuguese texts of the message actions, each in one place.
export const ACTION_TEXTS = {
  copy: 'Copiar',
  reply: 'Responder',
  react: 'Reagir',
  edit: 'Editar',
  delete: 'Apagar',
  info: 'Informações',
  cancel: 'Cancelar',
  save: 'Salvar',
  edited: '(editada)',
  editing: 'Editando mensagem',
  deleted: 'Mensagem apagada',
  deletedByAdmin: 'Mensagem apagada por um administrador',
  image: 'Imagem',
  closeReply: 'Cancelar resposta',
  moreEmoji: 'Mais emojis',
  deleteTitle: 'Apagar mensagem?',
  deleteDescription: 'A mensagem será apagada para todos nesta conversa.',
  readBy: 'Lida por',
  deliveredTo: 'Entregue a',
  nobodyYet: 'Ninguém ainda',
  mute: 'Silenciar',
  unmute: 'Reativar som',
  failed: {
    edit: 'Ocorreu um erro ao editar a mensagem',
    delete: 'Ocorreu um erro ao apagar a mensagem',
    react: 'Ocorreu um erro ao reagir à mensagem',
    receipts: 'Ocorreu um erro ao buscar quem leu a mensagem',
    mute: 'Ocorreu um erro ao silenciar a conversa',
  },
} as const;

/** '(editada)' on hover: when. */
export const editedTitle = (when: string) => `Editada em ${when}`;
