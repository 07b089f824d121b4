import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { EVENTS_PROVIDER_ERROR, NO_SOCKET_WARNING } from '@chat/contracts';
import { eventBus, subscribe as busSubscribe, type ServerEvents, type SocketStatus } from '@chat/event-bus';

export interface EventsApi {
  status: SocketStatus;
  /** Listens to a server event; without a connection it only warns. */
  subscribe: <K extends keyof ServerEvents>(event: K, handler: (payload: ServerEvents[K]) => void) => () => void;
}

const EventsContext = createContext<EventsApi | null>(null);

/** The shell's view of the live connection, fed by the socket module through the bus. */
export function EventsProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SocketStatus>('disconnected');
  useEffect(() => busSubscribe(eventBus, 'socket:status', ({ status: next }) => setStatus(next)), []);
  const value = useMemo<EventsApi>(
    () => ({
      status,
      subscribe: (event, handler) => {
        if (status !== 'connected') {
          console.warn(NO_SOCKET_WARNING);
          return () => {};
        }
        return busSubscribe(eventBus, event, handler);
      },
    }),
    [status],
  );
  return <EventsContext.Provider value={value}>{children}</EventsContext.Provider>;
}

export function useEvents(): EventsApi {
  const value = useContext(EventsContext);
  if (!value) throw new Error(EVENTS_PROVIDER_ERROR);
  return value;
}
