// The sign-in texts of docs/produto.md, Textos que importam, apart from the rest of errors.ts so
// that the sign-in page (the product's first download) carries only these.
export const LOGIN_ERROR_TEXTS = {
  title: 'Falha ao realizar login',
  unknown: 'Erro desconhecido ao realizar login.',
} as const;

export const LOGIN_SUCCESS_TEXT = { title: 'Bem vindo!', description: 'Login Realizado com sucesso!' } as const;
