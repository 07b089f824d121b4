import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LOGIN_ERROR_TEXTS, LOGIN_SUCCESS_TEXT, type SigninInput, type SigninResponse, type StoredUser } from '@chat/contracts';
import { toast } from '@chat/ui';
import { loadApiClient } from '../api/load-api-client';
import { useAppConfig } from '../config/config-context';
import { restoreSession } from './restore-session';
import { onSessionExpired } from './session-expiry';
import { clearSession, readSession, writeSession, writeUser } from './storage';
import { isTokenValid } from './token';

export interface SessionState {
  user: StoredUser | null;
  /**
   * docs/arquitetura.md, Sessões e o seu encerramento: false at start, true after sign-in or when
   * the stored token has not expired.
   */
  tokenIsValid: boolean;
  /** Sign-in in progress. */
  loading: boolean;
  /** The startup renewal is running: guards wait for it before deciding. */
  restoring: boolean;
  signIn: (input: SigninInput) => Promise<StoredUser | null>;
  /** Stores a session answered by the server (sign-in, account created by invite). */
  startSession: (response: SigninResponse) => void;
  /**
   * Clears the three stored keys and resets the state, then goes to '/' unless `stay` (an expired
   * session seen on a public route). Sign-out (navigation/use-sign-out) also revokes the token.
   */
  endSession: (stay?: boolean) => void;
  /** The server sent a newer copy of the signed-in user (profile, role or workspace features changed). */
  replaceUser: (user: StoredUser) => void;
}

interface AuthState {
  user: StoredUser | null;
  tokenIsValid: boolean;
  restoring: boolean;
}

const SIGNED_OUT: AuthState = { user: null, tokenIsValid: false, restoring: false };

const SessionContext = createContext<SessionState | null>(null);

function initialState(): AuthState {
  const stored = readSession();
  if (stored.user && isTokenValid(stored.token)) return { user: stored.user, tokenIsValid: true, restoring: false };
  // Expired access token but a refresh token to renew it with: decide after one renewal.
  if (stored.user && stored.refreshToken) return { user: stored.user, tokenIsValid: false, restoring: true };
  return { user: stored.user, tokenIsValid: false, restoring: false };
}

interface Props {
  children: ReactNode;
  /** Goes to '/' (the router lives below this provider). Without it the guards still redirect. */
  navigateHome?: () => void;
}

export function SessionProvider({ children, navigateHome }: Props) {
  const [{ user, tokenIsValid, restoring }, setAuth] = useState(initialState);
  const [loading, setLoading] = useState(false);
  const config = useAppConfig();

  useEffect(() => {
    if (!restoring) return undefined;
    let active = true;
    void restoreSession(config).then((outcome) => {
      if (!active) return;
      const stored = readSession();
      // Offline, the session is kept as valid: the areas open from the cache with the connection
      // banner, and their first call once the network is back renews the token (or ends the
      // session if the server refuses it).
      setAuth(outcome !== 'ended' && stored.user ? { user: stored.user, tokenIsValid: true, restoring: false } : SIGNED_OUT);
    });
    return () => {
      active = false;
    };
  }, [restoring, config]);

  const endSession = useCallback(
    (stay?: boolean) => {
      clearSession();
      setAuth(SIGNED_OUT);
      if (!stay) navigateHome?.();
    },
    [navigateHome],
  );

  // The api-client gave up on the session (no refresh token, or the renewal failed): it has
  // cleared the stored keys already.
  useEffect(() => onSessionExpired(() => endSession()), [endSession]);

  const startSession = useCallback((response: SigninResponse) => {
    writeSession(response.user, response);
    setAuth({ user: response.user, tokenIsValid: true, restoring: false });
  }, []);

  const replaceUser = useCallback((next: StoredUser) => {
    writeUser(next);
    setAuth((state) => (state.user?.id === next.id ? { ...state, user: next } : state));
  }, []);

  const signIn = useCallback(
    async (input: SigninInput) => {
      setLoading(true);
      let client: Awaited<ReturnType<typeof loadApiClient>> | null = null;
      try {
        client = await loadApiClient(config);
        const { data } = await client.signin(input);
        startSession(data);
        toast({ type: 'success', ...LOGIN_SUCCESS_TEXT });
        return data.user;
      } catch (error) {
        const serverMessage = client && error instanceof client.ApiCallError ? error.serverMessage : null;
        toast({ type: 'error', title: LOGIN_ERROR_TEXTS.title, description: serverMessage ?? LOGIN_ERROR_TEXTS.unknown });
        return null;
      } finally {
        setLoading(false);
      }
    },
    [config, startSession],
  );

  const value = useMemo(
    () => ({ user, tokenIsValid, loading, restoring, signIn, startSession, endSession, replaceUser }),
    [user, tokenIsValid, loading, restoring, signIn, startSession, endSession, replaceUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession deve ser usado dentro de SessionProvider');
  return value;
}
