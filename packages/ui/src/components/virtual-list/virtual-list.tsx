import { type ReactNode, useEffect, useRef } from 'react';
import { measureElement, observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { cx } from '../../lib/cx';
import styles from './virtual-list.module.css';

export interface VirtualListProps<T> {
  items: readonly T[];
  getKey: (item: T, index: number) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** A row's usual height in px; rows are measured once drawn, so taller ones still fit. */
  estimateSize: number;
  /** The last rows came into view: load the next page (called again only after `items` grows). */
  onEndReached?: () => void;
  /** Rows drawn beyond each edge of the view, so a fast scroll does not show blanks. */
  overscan?: number;
  /** The height of all rows (measured ones as measured, the others as estimated) when it changes. */
  onTotalSizeChange?: (px: number) => void;
  className?: string;
  'aria-label'?: string;
}

// Without layout (a hidden panel, or a test's DOM) everything measures 0 px: the scroller would
// draw no row, and rows of 0 px would pull in more rows forever. This height and the estimate
// stand in until real measures arrive.
const HEIGHT_WITHOUT_LAYOUT = 2000;

function observeRectOrFallback<S extends Element>(
  instance: Virtualizer<S, Element>,
  cb: (rect: { width: number; height: number }) => void,
) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: HEIGHT_WITHOUT_LAYOUT }));
}

/**
 * A long list that draws only the rows in view (and a few around them): a 5,000-member team or a
 * 1,000-member group costs the DOM of a screenful. It scrolls inside itself, so give it a bounded
 * height through `className` (or a flex parent).
 */
export function VirtualList<T>({
  items,
  getKey,
  renderItem,
  estimateSize,
  onEndReached,
  overscan = 8,
  onTotalSizeChange,
  className,
  ...aria
}: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer returns fresh functions on each render, which the React Compiler cannot
  // memoize; this app does not use the compiler, and the component reads them during render only.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => getKey(items[index]!, index),
    observeElementRect: observeRectOrFallback,
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || estimateSize,
    overscan,
  });
  const rows = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  useEffect(() => onTotalSizeChange?.(totalSize), [totalSize, onTotalSizeChange]);
  const lastDrawn = rows.at(-1)?.index ?? -1;

  // Asked once per length: a page that is still loading is not asked for twice.
  const askedAt = useRef(-1);
  useEffect(() => {
    if (!onEndReached || items.length === 0 || lastDrawn < items.length - 1 - overscan) return;
    if (askedAt.current === items.length) return;
    askedAt.current = items.length;
    onEndReached();
  }, [lastDrawn, items.length, onEndReached, overscan]);

  return (
    <div ref={scrollRef} className={cx(styles.scroller, className)} role="list" {...aria}>
      <div className={styles.canvas} style={{ height: totalSize }}>
        {rows.map((row) => (
          <div
            key={row.key}
            role="listitem"
            data-index={row.index}
            ref={virtualizer.measureElement}
            className={styles.row}
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {renderItem(items[row.index]!, row.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
