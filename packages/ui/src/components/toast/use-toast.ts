import { dismissToast, toast } from '@chat/ui/toast-store';

const api = { toast, dismiss: dismissToast } as const;

/** Hook form of the imperative API, for components that prefer it. */
export function useToast(): typeof api {
  return api;
}
