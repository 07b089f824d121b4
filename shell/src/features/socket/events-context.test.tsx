import { act, render, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EVENTS_PROVIDER_ERROR, NO_SOCKET_WARNING } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { EventsProvider, useEvents, type EventsApi } from './events-context';

describe('useEvents', () => {
  it('throws the Portuguese error outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useEvents())).toThrow(EVENTS_PROVIDER_ERROR);
    vi.restoreAllMocks();
  });

  it('only warns when subscribing without a connection, and delivers once connected', () => {
    let api: EventsApi | null = null;
    function Probe() {
      api = useEvents();
      return null;
    }
    render(
      <EventsProvider>
        <Probe />
      </EventsProvider>,
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const handler = vi.fn();
    api!.subscribe('userStatus', handler);
    expect(warn).toHaveBeenCalledWith(NO_SOCKET_WARNING);
    eventBus.emit('userStatus', { userId: 'u1', status: 'online' });
    expect(handler).not.toHaveBeenCalled();

    act(() => eventBus.emit('socket:status', { status: 'connected' }));
    expect(api!.status).toBe('connected');
    const unsubscribe = api!.subscribe('userStatus', handler);
    eventBus.emit('userStatus', { userId: 'u1', status: 'online' });
    expect(handler).toHaveBeenCalledWith({ userId: 'u1', status: 'online' });
    unsubscribe();
    warn.mockRestore();
  });
});
