import { renderHookWithQuery } from '../../../test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useKeepEndOnResize } from './use-keep-end-on-resize';

// jsdom has no layout and no ResizeObserver: the scroller's geometry is set by hand and the
// observer is fired when a test changes its height, as the browser would after a layout.
let fire: () => void = () => {};
class FakeResizeObserver {
  constructor(callback: () => void) {
    fire = callback;
  }
  observe() {}
  disconnect() {}
}

function scroller(scrollHeight: number, scrollTop: number, clientHeight: number) {
  const element = document.createElement('div');
  const geometry = { scrollHeight, clientHeight };
  Object.defineProperty(element, 'scrollHeight', { get: () => geometry.scrollHeight });
  Object.defineProperty(element, 'clientHeight', { get: () => geometry.clientHeight });
  element.scrollTop = scrollTop;
  // jsdom keeps any scrollTop; a browser clamps it to the new maximum when the scroller grows.
  const resize = (height: number) => {
    geometry.clientHeight = height;
    element.scrollTop = Math.min(element.scrollTop, geometry.scrollHeight - height);
    fire();
  };
  return { element, geometry, resize };
}

function mount(element: HTMLElement) {
  const list = { scrollToEnd: vi.fn() };
  renderHookWithQuery(() => useKeepEndOnResize({ current: element }, list));
  return list;
}

describe('useKeepEndOnResize', () => {
  beforeEach(() => vi.stubGlobal('ResizeObserver', FakeResizeObserver));
  afterEach(() => vi.unstubAllGlobals());

  it('a view at the end stays there when the scroller shrinks (a phone keyboard opening)', () => {
    const view = scroller(3000, 2400, 600);
    const list = mount(view.element);
    view.resize(300);
    expect(list.scrollToEnd).toHaveBeenCalledTimes(1);
  });

  it('a view within 100 px of the end counts as at the end; 101 px does not', () => {
    const near = scroller(3000, 2300, 600);
    const nearList = mount(near.element);
    near.resize(300);
    expect(nearList.scrollToEnd).toHaveBeenCalledTimes(1);
    const far = scroller(3000, 2299, 600);
    const farList = mount(far.element);
    far.resize(300);
    expect(farList.scrollToEnd).not.toHaveBeenCalled();
  });

  it('a reader scrolled up stays where they are', () => {
    const view = scroller(3000, 800, 600);
    const list = mount(view.element);
    view.resize(300);
    view.resize(700);
    expect(list.scrollToEnd).not.toHaveBeenCalled();
  });

  it('a view placed at the top of content that came after mounting (a search hit) is not thrown to the end', () => {
    // Mounted empty (at its end), then the window around the hit arrives and the hit is placed at
    // offset 0, where the view already was: no scroll event tells that it is far from the end now.
    const view = scroller(600, 0, 600);
    const list = mount(view.element);
    view.geometry.scrollHeight = 9600;
    view.resize(560);
    expect(list.scrollToEnd).not.toHaveBeenCalled();
  });

  it('a growing scroller clamped at its end keeps following it', () => {
    const view = scroller(3000, 2700, 300);
    const list = mount(view.element);
    view.resize(700);
    expect(list.scrollToEnd).toHaveBeenCalledTimes(1);
  });

  it('the same height again does nothing', () => {
    const view = scroller(3000, 2400, 600);
    const list = mount(view.element);
    view.resize(600);
    expect(list.scrollToEnd).not.toHaveBeenCalled();
  });
});
