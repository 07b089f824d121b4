import { SESSION_TEXTS } from '@chat/contracts';
import { toast } from '@chat/ui';
import { clearSession, readSession } from './storage';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The api-client's onSessionExpired (no refresh token, or the renewal failed) lands here, outside
 * React: the stored session is cleared at once, then the session provider resets its state and
 * goes to '/'. `refusal` is the server's message on the call that found the session over: when it
 * says the password was changed elsewhere, or the session was ended from another device, the page
 * says so. That covers a page whose socket was not open when 'session:revoked' went out; the
 * toast shows once, for the call that ended it.
 */
export function expireSession(refusal: string | null = null): void {
  const { token, refreshToken } = readSession();
  clearSession();
  const said = [SESSION_TEXTS.passwordChanged, SESSION_TEXTS.ended].find((text) => text.description === refusal);
  if ((token || refreshToken) && said) toast({ type: 'alert', ...said });
  for (const listener of [...listeners]) listener();
}

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
