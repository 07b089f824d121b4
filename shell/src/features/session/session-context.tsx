import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { LOGIN_ERROR_TEXTS, LOGIN_SUCCESS_TEXT, type SigninInput, type StoredUser } from '@chat/contracts';
import { toast } from '@chat/ui';
import { loadApiClient } from '../api/load-api-client';
import { useAppConfig } from '../config/config-context';
import { clearSession, readSession, writeSession } from './storage';
import { isTokenValid } from './token';

export interface SessionState {
  user: StoredUser | null;
  /** SPEC section 4: false at start, true after sign-in or when the stored token has not expired. */
  tokenIsValid: boolean;
  loading: boolean;
  signIn: (input: SigninInput) => Promise<StoredUser | null>;
  signOut: () => void;
}

const SessionContext = createContext<SessionState | null>(null);

function initialState(): Pick<SessionState, 'user' | 'tokenIsValid'> {
  const stored = readSession();
  return { user: stored.user, tokenIsValid: Boolean(stored.user) && isTokenValid(stored.token) };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [{ user, tokenIsValid }, setAuth] = useState(initialState);
  const [loading, setLoading] = useState(false);
  const config = useAppConfig();

  const signIn = useCallback(async (input: SigninInput) => {
    setLoading(true);
    let client: Awaited<ReturnType<typeof loadApiClient>> | null = null;
    try {
      client = await loadApiClient(config);
      const { data } = await client.signin(input);
      writeSession(data.user, data);
      setAuth({ user: data.user, tokenIsValid: true });
      toast({ type: 'success', ...LOGIN_SUCCESS_TEXT });
      return data.user;
    } catch (error) {
      const serverMessage = client && error instanceof client.ApiCallError ? error.serverMessage : null;
      toast({ type: 'error', title: LOGIN_ERROR_TEXTS.title, description: serverMessage ?? LOGIN_ERROR_TEXTS.unknown });
      return null;
    } finally {
      setLoading(false);
    }
  }, [config]);

  const signOut = useCallback(() => {
    clearSession();
    setAuth({ user: null, tokenIsValid: false });
  }, []);

  const value = useMemo(() => ({ user, tokenIsValid, loading, signIn, signOut }), [user, tokenIsValid, loading, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession deve ser usado dentro de SessionProvider');
  return value;
}
