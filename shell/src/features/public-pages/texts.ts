import { ERROR_TEXTS, LOGIN_SUCCESS_TEXT, SUCCESS_TEXTS } from '@chat/contracts';

// Toasts of the public pages: success titles and error fallbacks are the product's texts (from
// contracts); the error titles are our wording (the original spec quotes only the descriptions).
export const PUBLIC_PAGE_TOASTS = {
  register: {
    success: SUCCESS_TEXTS.user.created,
    errorTitle: 'Não foi possível criar a conta',
    errorFallback: ERROR_TEXTS.user.create,
  },
  forgotPassword: {
    success: SUCCESS_TEXTS.passwordToken.resetLinkSent,
    errorTitle: 'Não foi possível enviar o link',
    errorFallback: ERROR_TEXTS.passwordToken.create,
  },
  resetPassword: {
    success: SUCCESS_TEXTS.passwordToken.passwordReset,
    errorTitle: 'Não foi possível redefinir a senha',
    errorFallback: ERROR_TEXTS.passwordToken.use,
  },
  setPassword: {
    successTitle: LOGIN_SUCCESS_TEXT.title,
    success: 'Senha definida com sucesso',
    errorTitle: 'Não foi possível definir a senha',
    errorFallback: ERROR_TEXTS.passwordToken.use,
  },
} as const;
