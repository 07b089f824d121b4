import { clearSession } from './storage';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The api-client's onSessionExpired (no refresh token, or the renewal failed) lands here, outside
 * React: the stored session is cleared at once, then the session provider resets its state and
 * goes to '/'.
 */
export function expireSession(): void {
  clearSession();
  for (const listener of [...listeners]) listener();
}

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
