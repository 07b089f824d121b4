import { apiErrorMessage } from '@chat/api-client';
import { toast } from '@chat/ui/toast-store';

/**
 * The one way a screen reports the outcome of a call (docs/produto.md): a failure shows an error
 * toast described by the server's message, or by the caller's fallback when the server sent none.
 */
export const notify = {
  error(error: unknown, fallback: string, title = 'Erro'): void {
    toast({ type: 'error', title, description: apiErrorMessage(error, fallback) });
  },
  success(description: string): void {
    toast({ type: 'success', title: 'Sucesso', description });
  },
  alert(title: string): void {
    toast({ type: 'alert', title });
  },
};
