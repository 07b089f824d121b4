// The team page's storage texts, shared by the section's title and its body.

export const STORAGE_TEXTS = {
  title: 'Armazenamento',
  used: 'Arquivos enviados',
  noQuota: 'Sem cota definida',
  full: 'Cota esgotada: novos arquivos são recusados até que algo seja apagado.',
  refuse: 'Recusar arquivos executáveis',
  refuseHint: 'Programas, instaladores e scripts: .exe, .msi, .bat, .cmd, .ps1, .sh, .apk, .jar e outros, também quando renomeados.',
} as const;
