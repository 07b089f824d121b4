import type { ReactElement, ReactNode } from 'react';
import { notifyManager, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, type RenderHookOptions, type RenderOptions } from '@testing-library/react';
import { createQueryClient } from '@chat/ui';

// The cache tells its readers on a microtask instead of a timer, so that an awaited act() sees an
// answer under fake timers as it did when the hooks set their own state.
notifyManager.setScheduler(queueMicrotask);

/** A fresh query cache per render, so that no test sees another's answers. */
function withQueryClient(Outer?: RenderOptions['wrapper']) {
  const client = createQueryClient();
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{Outer ? <Outer>{children}</Outer> : children}</QueryClientProvider>;
  };
}

/** `render` inside the app's QueryClientProvider, as remote-chat's App mounts its screens. */
export function renderWithQuery(ui: ReactElement, options: RenderOptions = {}) {
  return render(ui, { ...options, wrapper: withQueryClient(options.wrapper) });
}

/** `renderHook` inside the app's QueryClientProvider. */
export function renderHookWithQuery<Result, Props>(hook: (props: Props) => Result, options: RenderHookOptions<Props> = {}) {
  return renderHook(hook, { ...options, wrapper: withQueryClient(options.wrapper) });
}
