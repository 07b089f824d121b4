import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { isSystemMessage, LIMITS } from '@chat/contracts';
import { Spinner } from '@chat/ui';
import { useKeepEndOnResize } from '../hooks/use-keep-end-on-resize';
import { useNewBelow } from '../hooks/use-new-below';
import { lastMessageKey, type MessageRow, UNREAD_ROW_KEY } from '../lib/message-rows';
import { UNREAD_DIVIDER_TEXT } from '../lib/unread';
import { NewMessagesButton } from './new-messages-button';
import { SystemLine } from './system-line';
import { type BubbleAction, MessageBubble } from './message-bubble';
import type { ChatMessage } from '../lib/merge-messages';
import styles from './message-list.module.css';

/** Before a row is measured; an image's frame has a fixed height (240 px, see message-image.module.css). */
function estimateRowSize(row: MessageRow | undefined): number {
  if (row?.type !== 'message' || isSystemMessage(row.message)) return 40;
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
  // Message actions.
  canDeleteOthers?: boolean;
  nameOf?: (id: string) => string | undefined;
  onAction?: (action: BubbleAction, message: ChatMessage) => void;
  onReact?: (message: ChatMessage, emoji: string) => void;
  /** A reply's quote was clicked: scroll to the original (loading older pages until it is there). */
  jumpTo?: { id: string; nonce: number } | null;
  onJump?: (messageId: string) => void;
  // A window that stops short of the newest message (opened at a search hit), and the
  // live messages held back meanwhile; 'novas mensagens' calls onToLatest when the window is detached.
  hasNewer?: boolean;
  loadingNewer?: boolean;
  heldCount?: number;
  onLoadNewer?: () => void;
  onToLatest?: () => Promise<void>;
}

const HIGHLIGHT_MS = 2000;

/**
 * The history, virtualised so that a long one keeps only the visible rows in the DOM. Anchored
 * at the end (docs/produto.md, Regras de conversa): it starts at the bottom, follows new messages
 * only while the view is within 100 px of the bottom, and keeps the visible message in place when
 * older pages are put in front.
 */
export function MessageList(props: Props) {
  const { rows, meId, isGroup, loading, hasMore, loadingOlder, sentCount, jumpTo, onLoadOlder } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const initialScrollDone = useRef(false);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const handledJump = useRef<number | null>(null);
  const hasNewer = props.hasNewer ?? false;
  const newBelow = useNewBelow(rows, meId, !loading);

  // TanStack Virtual hands out functions the React Compiler cannot memoise; this component stays uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimateRowSize(rows[index]),
    getItemKey: (index) => rows[index]?.key ?? index,
    anchorTo: 'end',
    // A detached window must keep its place when a newer page is appended under it.
    followOnAppend: !hasNewer,
    scrollEndThreshold: LIMITS.scrollLockPx,
    overscan: 8,
  });
  useKeepEndOnResize(scrollRef, virtualizer);

  // The rows the view has been placed for: the first placement below, then the follow.
  const placedFor = useRef({ count: rows.length, lastKey: lastMessageKey(rows) });

  useEffect(() => {
    if (loading || rows.length === 0 || initialScrollDone.current) return;
    initialScrollDone.current = true;
    placedFor.current = { count: rows.length, lastKey: lastMessageKey(rows) };
    // A search hit is placed by the jump below; unread messages open under their line,
    // unless I already sent something while the line was being placed: then my message is what I look at.
    if (jumpTo) return;
    const unreadAt = sentCount > 0 ? -1 : rows.findIndex((row) => row.key === UNREAD_ROW_KEY);
    if (unreadAt !== -1) virtualizer.scrollToIndex(unreadAt, { align: 'start' });
    else virtualizer.scrollToEnd();
  }, [loading, rows, jumpTo, sentCount, virtualizer]);

  useEffect(() => {
    if (sentCount > 0) virtualizer.scrollToEnd();
  }, [sentCount, virtualizer]);

  // Messages put under the view while it was at the end (docs/produto.md, Regras de conversa) keep
  // it there, however many came at once and wherever they go: the catch-up page after a (re)connect
  // brings all that was sent meanwhile, and when live messages came first it lands above them,
  // under the view. The virtualiser follows only an append, and keeps the top row in place
  // otherwise: the view was left tens of rows above the end with no 'novas mensagens' button (no
  // scroll had happened to say it was not at the end). Older pages put in front come while the view
  // is at the top.
  const lastKey = lastMessageKey(rows);
  useEffect(() => {
    const placed = placedFor.current;
    if (rows.length === placed.count && lastKey === placed.lastKey) return;
    placedFor.current = { count: rows.length, lastKey };
    if (initialScrollDone.current && !hasNewer && !newBelow.isAwayFromEnd()) virtualizer.scrollToEnd();
  }, [rows.length, lastKey, hasNewer, newBelow, virtualizer]);

  // The quoted message may be in an older page: fetch pages until it is held, then go to it.
  useEffect(() => {
    if (!jumpTo || handledJump.current === jumpTo.nonce || loading) return;
    const index = rows.findIndex((row) => row.type === 'message' && row.message.id === jumpTo.id);
    if (index === -1) {
      if (hasMore && !loadingOlder) onLoadOlder();
      if (!hasMore) handledJump.current = jumpTo.nonce;
      return;
    }
    handledJump.current = jumpTo.nonce;
    virtualizer.scrollToIndex(index, { align: 'center' });
    setHighlighted(jumpTo.id);
  }, [jumpTo, rows, hasMore, loadingOlder, loading, virtualizer, onLoadOlder]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    newBelow.onScroll(element);
    if (initialScrollDone.current && hasMore && !loadingOlder && element.scrollTop < LOAD_OLDER_PX) {
      props.onLoadOlder();
    }
    const fromEnd = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (initialScrollDone.current && hasNewer && !props.loadingNewer && fromEnd < LOAD_OLDER_PX) props.onLoadNewer?.();
  };

  const goDown = async () => {
    newBelow.reset();
    if (hasNewer) await props.onToLatest?.();
    virtualizer.scrollToEnd();
  };

  return (
    <div className={styles.frame}>
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
                ) : row.type === 'unread' ? (
                  <div className={styles.unread} role="separator" data-testid="unread-divider">
                    {UNREAD_DIVIDER_TEXT}
                  </div>
                ) : isSystemMessage(row.message) ? (
                  <SystemLine message={row.message} meId={meId} />
                ) : (
                  <MessageBubble
                    message={row.message}
                    own={row.message.authorId === meId}
                    meId={meId}
                    showAuthor={isGroup && row.message.authorId !== meId}
                    continuesRun={row.continuesRun}
                    canDeleteOthers={props.canDeleteOthers}
                    canShowInfo={isGroup}
                    highlighted={highlighted === row.message.id}
                    nameOf={props.nameOf}
                    onOpenAuthor={props.onOpenAuthor}
                    onRetry={props.onRetry}
                    onAction={props.onAction}
                    onReact={props.onReact}
                    onJump={props.onJump}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {props.loadingNewer && (
        <div className={styles.loadingBelow}>
          <Spinner size="sm" />
        </div>
      )}
      <NewMessagesButton count={newBelow.count + (props.heldCount ?? 0)} onClick={() => void goDown()} />
    </div>
  );
}
