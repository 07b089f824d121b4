import { apiErrorMessage } from '@chat/api-client';
import { toast } from '@chat/ui';

/**
 * docs/produto.md, Textos que importam: a failed call shows an error toast with the server's
 * message or the fallback.
 */
export function notifyError(error: unknown, fallback: string): void {
  toast({ type: 'error', title: 'Erro', description: apiErrorMessage(error, fallback) });
}

export function notifySuccess(description: string): void {
  toast({ type: 'success', title: 'Sucesso', description });
}
