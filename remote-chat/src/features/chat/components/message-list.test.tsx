import { fireEvent, screen } from '@testing-library/react';
import { renderWithQuery } from '../../../test/render';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ana, carla, message } from '../../../test/fixtures';
import { buildRows } from '../lib/message-rows';
import { MessageList } from './message-list';

const props = {
  meId: ana.id,
  loading: false,
  hasMore: false,
  loadingOlder: false,
  sentCount: 0,
  onLoadOlder: vi.fn(),
  onOpenAuthor: vi.fn(),
  onRetry: vi.fn(),
};

describe('message list', () => {
  // jsdom lays nothing out: give the scroller a 600 px viewport and each row 60 px.
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(60);
  });
  afterAll(() => vi.restoreAllMocks());

  it('keeps a long history out of the DOM (virtualised)', () => {
    const start = Date.parse('2024-03-01T00:00:00.000Z');
    const messages = Array.from({ length: 5000 }, (_, i) => message(`m${i}`, { createdAt: new Date(start + i * 60_000).toISOString() }));
    renderWithQuery(<MessageList {...props} rows={buildRows(messages)} isGroup={false} />);
    const rendered = screen.queryAllByTestId('message').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
  });

  it("shows others' names in groups, opening their conversation on click, and ticks on mine", () => {
    const onOpenAuthor = vi.fn();
    const rows = buildRows([
      message('a', { authorId: carla.id, author: { id: carla.id, name: 'Carla', avatarUrl: null } }),
      message('b', { authorId: ana.id, author: { id: ana.id, name: 'Ana', avatarUrl: null }, status: 'READ' }),
    ]);
    renderWithQuery(<MessageList {...props} onOpenAuthor={onOpenAuthor} rows={rows} isGroup />);
    fireEvent.click(screen.getByRole('button', { name: 'Carla' }));
    expect(onOpenAuthor).toHaveBeenCalledWith(carla.id);
    expect(screen.queryByRole('button', { name: 'Ana' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Lida' })).toBeInTheDocument();
  });

  it('draws a system line as a centred note, not a bubble, in the reader’s words', () => {
    const body = JSON.stringify({ kind: 'added', actor: { id: carla.id, name: 'Carla' }, targets: [{ id: ana.id, name: 'Ana' }] });
    const rows = buildRows([
      message('a', { authorId: carla.id, groupId: 'g1', conversationId: null, content: { id: 'a', body, type: 'system' } }),
    ]);
    renderWithQuery(<MessageList {...props} rows={rows} isGroup />);
    expect(screen.getByTestId('system-line')).toHaveTextContent('Carla adicionou você');
    expect(screen.queryByTestId('message')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Carla' })).toBeNull();
  });

  describe('messages put under the end', () => {
    const start = Date.parse('2024-03-01T00:00:00.000Z');
    const history = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        message(`m${i}`, { authorId: carla.id, createdAt: new Date(start + i * 60_000).toISOString() }),
      );
    // jsdom neither lays out nor scrolls: the scroller's height is its rows', and scrollTo moves it.
    const scrolls: number[] = [];
    beforeAll(() => {
      vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
        if (this.dataset.testid !== 'message-scroller') return 0;
        // The virtualiser's canvas carries the whole history's height.
        const canvas = [...this.children].find((child) => (child as HTMLElement).style.height) as HTMLElement | undefined;
        return canvas ? parseFloat(canvas.style.height) : 0;
      });
      HTMLElement.prototype.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
        const top = typeof options === 'object' ? (options.top ?? 0) : 0;
        this.scrollTop = top;
        scrolls.push(top);
        this.dispatchEvent(new Event('scroll'));
      };
    });

    it('a catch-up page landing under the view, above live messages, keeps a view that was at the end there', () => {
      const all = history(58);
      // 30 held, then 3 live ones (m55-m57), then the page of what was sent meanwhile (m30-m54).
      const { rerender } = renderWithQuery(<MessageList {...props} rows={buildRows(all.slice(0, 30))} isGroup={false} />);
      rerender(<MessageList {...props} rows={buildRows([...all.slice(0, 30), ...all.slice(55)])} isGroup={false} />);
      const before = scrolls.length;
      rerender(<MessageList {...props} rows={buildRows(all)} isGroup={false} />);
      expect(scrolls.length, 'scrolled after the page came').toBeGreaterThan(before);
      // The end of 58 rows of 60 px in a 600 px view.
      expect(scrolls.at(-1)).toBeGreaterThanOrEqual(58 * 60 - 600);
    });

    it('a view the user scrolled up stays where it is, and the button counts what came', () => {
      const { rerender } = renderWithQuery(<MessageList {...props} rows={buildRows(history(30))} isGroup={false} />);
      const scroller = screen.getByTestId('message-scroller');
      scroller.scrollTop = 0;
      fireEvent.scroll(scroller);
      const before = scrolls.length;
      rerender(<MessageList {...props} rows={buildRows(history(55))} isGroup={false} />);
      expect(scrolls.length).toBe(before);
      expect(screen.getByRole('button', { name: /25 novas mensagens/ })).toBeInTheDocument();
    });
  });
});
