import { useCallback, useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endAllSessions, endSession, listSessions } from '@chat/api-client';
import { SESSIONS_TEXTS, type SessionEntity } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { notify } from '@chat/ui';
import { settingsKeys } from '../../../query-keys';

/** The shell signs this tab out as a sign-out does (the session is already over on the server). */
const signOutHere = () => eventBus.emit('session:signout', undefined);

const NO_SESSIONS: SessionEntity[] = [];

export interface Sessions {
  sessions: SessionEntity[];
  loading: boolean;
  /** Ends one session; ending the current one signs this tab out. */
  end: (session: SessionEntity) => Promise<void>;
  /** "Sair de todos os dispositivos": every session, this one too, so this tab signs out. */
  endAll: () => Promise<void>;
}

/** The account's active sessions, loaded when the section opens and again after a reconnect. */
export function useSessions(): Sessions {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKeys.sessions,
    queryFn: async () => (await listSessions()).data.sessions,
    meta: { errorToast: { fallback: SESSIONS_TEXTS.listError } },
  });
  const { mutateAsync: endOne } = useMutation({
    mutationFn: (id: string) => endSession(id),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<SessionEntity[]>(settingsKeys.sessions, (list) => list?.filter((s) => s.id !== id)),
  });
  const { mutateAsync: endEvery } = useMutation({ mutationFn: () => endAllSessions({}) });

  useEffect(() => {
    const onReconnected = () => void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
    eventBus.on('socket:reconnected', onReconnected);
    return () => eventBus.off('socket:reconnected', onReconnected);
  }, [queryClient]);

  const end = useCallback(
    async (session: SessionEntity) => {
      try {
        await endOne(session.id);
      } catch (error) {
        notify.error(error, SESSIONS_TEXTS.endError);
        return;
      }
      if (session.current) return signOutHere();
      notify.success(SESSIONS_TEXTS.ended);
    },
    [endOne],
  );

  const endAll = useCallback(async () => {
    try {
      await endEvery();
    } catch (error) {
      notify.error(error, SESSIONS_TEXTS.endError);
      return;
    }
    signOutHere();
  }, [endEvery]);

  return { sessions: query.data ?? NO_SESSIONS, loading: query.isPending, end, endAll };
}
