// The Portuguese texts of the clip menu and of dropping files, each in one place.
export const ATTACH_TEXTS = {
  attach: 'Anexar',
  image: 'Imagem',
  file: 'Arquivo',
  drop: 'Solte os arquivos para enviar',
} as const;
