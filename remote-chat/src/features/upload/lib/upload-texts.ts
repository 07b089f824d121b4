// The Portuguese texts of choosing images to send, each in one place.
export const UPLOAD_TEXTS = {
  pick: 'Enviar imagem',
  addMore: 'Adicionar imagem',
  cancelAll: 'Cancelar envio',
  remove: 'Remover imagem',
  send: 'Enviar',
  caption: 'Legenda',
  captionPlaceholder: 'Adicione uma legenda...',
  preview: 'Imagens para enviar',
  tooMany: (max: number) => `Escolha até ${max} imagens por vez`,
  count: (n: number) => (n === 1 ? '1 imagem' : `${n} imagens`),
  thumbnail: (n: number, total: number) => `Imagem ${n} de ${total}`,
} as const;

/** Images one send may carry, as WhatsApp Web's limit for a batch is a few dozen. */
export const MAX_IMAGES_PER_SEND = 30;
