import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useVisualViewportHeight } from './use-visual-viewport';

class FakeViewport extends EventTarget {
  reads = 0;
  constructor(
    private visible: number,
    readonly scale = 1,
  ) {
    super();
  }
  get height() {
    this.reads += 1;
    return this.visible;
  }
  resize(height: number) {
    this.visible = height;
    this.dispatchEvent(new Event('resize'));
  }
}

const appHeight = () => document.documentElement.style.getPropertyValue('--app-height');

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('innerHeight', 800);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useVisualViewportHeight', () => {
  it('reads nothing while the page mounts, and follows the keyboard afterwards', () => {
    const viewport = new FakeViewport(800);
    vi.stubGlobal('visualViewport', viewport);
    const { unmount } = renderHook(() => useVisualViewportHeight());
    // Reading the viewport during the first render forces a layout: the CSS fallback holds.
    expect(viewport.reads).toBe(0);
    vi.runAllTimers();
    expect(appHeight()).toBe('');

    viewport.resize(500);
    expect(appHeight()).toBe('500px');
    viewport.resize(800);
    expect(appHeight()).toBe('800px');
    unmount();
    expect(appHeight()).toBe('');
  });

  it('catches a keyboard already open when the page mounted', () => {
    vi.stubGlobal('visualViewport', new FakeViewport(450));
    const { unmount } = renderHook(() => useVisualViewportHeight());
    expect(appHeight()).toBe('');
    vi.runAllTimers();
    expect(appHeight()).toBe('450px');
    unmount();
  });
});
