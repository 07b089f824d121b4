import { ApiCallError } from './http';

/**
 * docs/produto.md, Textos que importam: the error toast's description is the server's `message`
 * when the failure is a server response, otherwise the caller's fallback text ('Erro desconhecido
 * ao ...').
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiCallError && error.serverMessage ? error.serverMessage : fallback;
}
