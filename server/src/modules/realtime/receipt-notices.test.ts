import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageReceiptEvent } from '@chat/contracts';
import type { ChatEvents } from './chat-events';
import { RECEIPT_NOTICE_WINDOW_MS, ReceiptNotices } from './receipt-notices';

describe('ReceiptNotices', () => {
  let sent: Array<{ to: readonly string[]; payload: MessageReceiptEvent }>;
  let notices: ReceiptNotices;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    const events = {
      toUsers: (to: readonly string[], _event: string, payload: MessageReceiptEvent) => sent.push({ to, payload }),
    } as unknown as ChatEvents;
    notices = new ReceiptNotices(events);
  });
  afterEach(() => vi.useRealTimers());

  it('tells an author once at first, then once per window with everything gathered in it', () => {
    notices.add('g1', 'ana', { status: 'READ', userIds: ['bruno'], completedIds: [] });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: ['ana'], payload: { groupId: 'g1', userIds: ['bruno'], status: 'READ', completedIds: [] } });
    // 300 members read within the window: one event after it, naming them all.
    for (let i = 0; i < 300; i++) notices.add('g1', 'ana', { status: 'READ', userIds: [`u${i}`], completedIds: i === 299 ? ['m1'] : [] });
    notices.add('g1', 'ana', { status: 'DELIVERED', userIds: ['u0'], completedIds: [] });
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(RECEIPT_NOTICE_WINDOW_MS);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.payload.userIds).toHaveLength(300);
    expect(sent[1]!.payload).toMatchObject({ status: 'READ', completedIds: ['m1'] });
    vi.advanceTimersByTime(10 * RECEIPT_NOTICE_WINDOW_MS);
    expect(sent).toHaveLength(2);
  });

  it('keeps authors and groups apart, and leaves the author out of their own readers', () => {
    notices.add('g1', 'ana', { status: 'READ', userIds: ['bruno'], completedIds: [] });
    notices.add('g1', 'bruno', { status: 'READ', userIds: ['bruno', 'carla'], completedIds: [] });
    notices.add('g2', 'ana', { status: 'DELIVERED', userIds: ['carla'], completedIds: [] });
    // Only the author moved, nothing turned READ: no news.
    notices.add('g3', 'ana', { status: 'READ', userIds: ['ana'], completedIds: [] });
    expect(sent.map((s) => [s.to[0], s.payload.groupId, s.payload.userIds, s.payload.status])).toEqual([
      ['ana', 'g1', ['bruno'], 'READ'],
      ['bruno', 'g1', ['carla'], 'READ'],
      ['ana', 'g2', ['carla'], 'DELIVERED'],
    ]);
  });

  it('sends nothing more once closed', () => {
    notices.add('g1', 'ana', { status: 'READ', userIds: ['bruno'], completedIds: [] });
    notices.add('g1', 'ana', { status: 'READ', userIds: ['carla'], completedIds: [] });
    notices.close();
    vi.advanceTimersByTime(RECEIPT_NOTICE_WINDOW_MS);
    notices.add('g1', 'ana', { status: 'READ', userIds: ['davi'], completedIds: [] });
    expect(sent).toHaveLength(1);
  });
});
