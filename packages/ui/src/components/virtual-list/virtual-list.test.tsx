import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VirtualList } from './virtual-list';

const people = Array.from({ length: 5000 }, (_, i) => ({ id: `u${i}`, name: `Pessoa ${i}` }));

function renderList(items = people, onEndReached?: () => void) {
  return render(
    <VirtualList
      aria-label="Membros"
      items={items}
      getKey={(p) => p.id}
      estimateSize={56}
      onEndReached={onEndReached}
      renderItem={(p) => <span>{p.name}</span>}
    />,
  );
}

describe('VirtualList', () => {
  it('draws the first rows of a long list, not all of them', () => {
    renderList();
    const rows = screen.getAllByRole('listitem');
    expect(screen.getByText('Pessoa 0')).toBeInTheDocument();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(100);
    expect(screen.queryByText('Pessoa 4999')).toBeNull();
  });

  it('draws every row of a short list and asks for the next page once', () => {
    const onEnd = vi.fn();
    const { rerender } = renderList(people.slice(0, 5), onEnd);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(onEnd).toHaveBeenCalledTimes(1);
    rerender(
      <VirtualList items={people.slice(0, 5)} getKey={(p) => p.id} estimateSize={56} onEndReached={onEnd} renderItem={(p) => p.name} />,
    );
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('asks nothing of an empty list', () => {
    const onEnd = vi.fn();
    renderList([], onEnd);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(onEnd).not.toHaveBeenCalled();
  });
});
