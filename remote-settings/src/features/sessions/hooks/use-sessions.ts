import { useCallback, useEffect, useState } from 'react';
import { endAllSessions, endSession, listSessions } from '@chat/api-client';
import { SESSIONS_TEXTS, type SessionEntity } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { notifyError, notifySuccess } from '../../../shared/notify';

/** The shell signs this tab out as a sign-out does (the session is already over on the server). */
const signOutHere = () => eventBus.emit('session:signout', undefined);

export interface Sessions {
  sessions: SessionEntity[];
  loading: boolean;
  /** Ends one session; ending the current one signs this tab out. */
  end: (session: SessionEntity) => Promise<void>;
  /** "Sair de todos os dispositivos": every session, this one too, so this tab signs out. */
  endAll: () => Promise<void>;
}

/** The account's active sessions, loaded once when the section opens. */
export function useSessions(): Sessions {
  const [sessions, setSessions] = useState<SessionEntity[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    listSessions()
      .then(({ data }) => current && setSessions(data.sessions))
      .catch((error: unknown) => current && notifyError(error, SESSIONS_TEXTS.listError))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, []);

  const end = useCallback(async (session: SessionEntity) => {
    try {
      await endSession(session.id);
    } catch (error) {
      notifyError(error, SESSIONS_TEXTS.endError);
      return;
    }
    if (session.current) return signOutHere();
    setSessions((list) => list.filter((s) => s.id !== session.id));
    notifySuccess(SESSIONS_TEXTS.ended);
  }, []);

  const endAll = useCallback(async () => {
    try {
      await endAllSessions({});
    } catch (error) {
      notifyError(error, SESSIONS_TEXTS.endError);
      return;
    }
    signOutHere();
  }, []);

  return { sessions, loading, end, endAll };
}
