// Toasts of the public pages. Success titles and error fallbacks are SPEC section 8's, the same
// strings as ERROR_TEXTS/SUCCESS_TEXTS of @chat/contracts (texts.test.ts keeps them equal). They
// are not imported from there because the contracts entry point is one module in the sign-in
// page's first download, and importing those two objects here put all of them in it (+0.6 kB gzip).
// The error titles are our wording (the spec quotes only the descriptions).
export const PUBLIC_PAGE_TOASTS = {
  register: {
    success: 'Usuário criado com sucesso',
    errorTitle: 'Não foi possível criar a conta',
    errorFallback: 'Ocorreu um erro ao criar o usuário',
  },
  forgotPassword: {
    success: 'Link de redefinição enviado com sucesso',
    errorTitle: 'Não foi possível enviar o link',
    errorFallback: 'Ocorreu um erro inesperado ao criar o token.',
  },
  resetPassword: {
    success: 'Senha redefinida com sucesso',
    errorTitle: 'Não foi possível redefinir a senha',
    errorFallback: 'Ocorreu um erro inesperado ao usar o token para alterar a senha.',
  },
} as const;
