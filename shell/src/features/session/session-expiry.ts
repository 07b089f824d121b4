import { SESSION_TEXTS } from '@chat/contracts';
import { toast } from '@chat/ui';
import { clearSession, readSession } from './storage';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The api-client's onSessionExpired (no refresh token, or the renewal failed) lands here, outside
 * React: the stored session is cleared at once, then the session provider resets its state and
 * goes to '/'. `refusal` is the server's message on the call that found the session over: when it
 * says the password was changed elsewhere, the page says so. That covers a page whose socket was
 * not open when 'session:revoked' went out; the toast shows once, for the call that ended it.
 */
export function expireSession(refusal: string | null = null): void {
  const { token, refreshToken } = readSession();
  clearSession();
  if ((token || refreshToken) && refusal === SESSION_TEXTS.passwordChanged.description) {
    toast({ type: 'alert', ...SESSION_TEXTS.passwordChanged });
  }
  for (const listener of [...listeners]) listener();
}

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
