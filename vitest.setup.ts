// Shared by the React packages' Vitest runs: DOM matchers, cleanup between tests, and inert
// stand-ins for the layout APIs jsdom lacks but Radix primitives touch.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// Files that opt into `@vitest-environment node` (real sockets, servers) have no DOM.
if (typeof window !== 'undefined') {
  const elementProto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  elementProto.scrollIntoView ??= () => {};
  elementProto.hasPointerCapture ??= () => false;
  elementProto.releasePointerCapture ??= () => {};
  elementProto.setPointerCapture ??= () => {};
}

// findBy*/waitFor give up after 1 s by default; a loaded 2-core machine (helpers, Lighthouse, CI's
// own parallel files) made passing tests fail on that alone. A passing test is not slower for it.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
