import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { LIMITS } from '@chat/contracts';
import { Spinner } from '@chat/ui';
import type { MessageRow } from '../lib/message-rows';
import { MessageBubble } from './message-bubble';
import styles from './message-list.module.css';

/** Before a row is measured; an image's frame has a fixed height (240 px, see message-image.module.css). */
function estimateRowSize(row: MessageRow | undefined): number {
  if (row?.type === 'day') return 40;
  return row?.message.content.type === 'image' ? 290 : 64;
}

/** Within this distance of the top, the next older page is fetched. */
const LOAD_OLDER_PX = 400;

interface Props {
  rows: MessageRow[];
  meId: string;
  isGroup: boolean;
  loading: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  /** Changes each time I send: the view goes to the bottom. */
  sentCount: number;
  onLoadOlder: () => void;
  onOpenAuthor: (authorId: string) => void;
  onRetry: (clientId: string) => void;
}

/**
 * The history, virtualised so that a long one keeps only the visible rows in the DOM. Anchored
 * at the end (SPEC section 2): it starts at the bottom, follows new messages only while the view
 * is within 100 px of the bottom, and keeps the visible message in place when older pages are
 * put in front.
 */
export function MessageList(props: Props) {
  const { rows, meId, isGroup, loading, hasMore, loadingOlder, sentCount } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const initialScrollDone = useRef(false);

  // TanStack Virtual hands out functions the React Compiler cannot memoise; this component stays uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimateRowSize(rows[index]),
    getItemKey: (index) => rows[index]?.key ?? index,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: LIMITS.scrollLockPx,
    overscan: 8,
  });

  useEffect(() => {
    if (loading || rows.length === 0 || initialScrollDone.current) return;
    initialScrollDone.current = true;
    virtualizer.scrollToEnd();
  }, [loading, rows.length, virtualizer]);

  useEffect(() => {
    if (sentCount > 0) virtualizer.scrollToEnd();
  }, [sentCount, virtualizer]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (element && initialScrollDone.current && hasMore && !loadingOlder && element.scrollTop < LOAD_OLDER_PX) {
      props.onLoadOlder();
    }
  };

  return (
    <div ref={scrollRef} className={styles.scroller} onScroll={onScroll} data-testid="message-scroller">
      {(loading || loadingOlder) && (
        <div className={styles.loading}>
          <Spinner size="sm" />
        </div>
      )}
      <div className={styles.canvas} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={styles.item}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {row.type === 'day' ? (
                <div className={styles.day}>
                  <span>{row.label}</span>
                </div>
              ) : (
                <MessageBubble
                  message={row.message}
                  own={row.message.authorId === meId}
                  showAuthor={isGroup && row.message.authorId !== meId}
                  onOpenAuthor={props.onOpenAuthor}
                  onRetry={props.onRetry}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
