import { apiErrorMessage } from '@chat/api-client';
import { toast } from '@chat/ui';

/**
 * docs/produto.md, Textos que importam: an error toast titled per call, described by the server's
 * message or the fallback.
 */
export function notifyError(title: string, error: unknown, fallback: string): void {
  toast({ type: 'error', title, description: apiErrorMessage(error, fallback) });
}

export function notifySuccess(description: string): void {
  toast({ type: 'success', title: 'Sucesso', description });
}
