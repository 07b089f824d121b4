import { fireEvent, render, screen } from '@testing-library/react';
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
    const messages = Array.from({ length: 5000 }, (_, i) =>
      message(`m${i}`, { createdAt: new Date(start + i * 60_000).toISOString() }),
    );
    render(<MessageList {...props} rows={buildRows(messages)} isGroup={false} />);
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
    render(<MessageList {...props} onOpenAuthor={onOpenAuthor} rows={rows} isGroup />);
    fireEvent.click(screen.getByRole('button', { name: 'Carla' }));
    expect(onOpenAuthor).toHaveBeenCalledWith(carla.id);
    expect(screen.queryByRole('button', { name: 'Ana' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Lida' })).toBeInTheDocument();
  });
});
