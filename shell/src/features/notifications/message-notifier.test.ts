import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Message, untouchedMessageFields } from '@chat/contracts';
import { asNotificationApi, FakeNotification } from './fake-notification';
import { createMessageNotifier, type NotifierDeps } from './message-notifier';
import { notificationContent, shouldNotify } from './notification-rules';

const ME = 'u-ana';

function message(extra: Partial<Message> = {}): Message {
  return {
    id: 'm1',
    authorId: 'u-bruno',
    author: { id: 'u-bruno', name: 'Bruno', avatarUrl: null },
    content: { id: 'ct1', body: 'Oi, Ana!', type: 'text' },
    status: 'DELIVERED',
    createdAt: '2024-03-10T12:00:00.000Z',
    updatedAt: '2024-03-10T12:00:00.000Z',
    conversationId: 'c1',
    groupId: null,
    clientId: null,
    ...untouchedMessageFields(),
    ...extra,
  };
}

const away = { hidden: true, focused: false };
const looking = { hidden: false, focused: true };

describe('when to notify', () => {
  it("only for someone else's message while the window is hidden or unfocused", () => {
    expect(shouldNotify(message(), ME, away)).toBe(true);
    expect(shouldNotify(message(), ME, { hidden: false, focused: false })).toBe(true);
    expect(shouldNotify(message(), ME, looking)).toBe(false);
    expect(shouldNotify(message({ authorId: ME }), ME, away)).toBe(false);
    // A group's system line ('Bruno adicionou Ana') is no one's message.
    const line = message({ conversationId: null, groupId: 'g1', content: { id: 'ct2', body: '{}', type: 'system' } });
    expect(shouldNotify(line, ME, away)).toBe(false);
  });

  it("titles with the sender or the group, says 'Imagem' for images, and links to the chat", () => {
    expect(notificationContent(message(), null)).toEqual({
      title: 'Bruno',
      body: 'Oi, Ana!',
      path: '/auth/conversations/c1/conversation',
      tag: 'message:m1',
    });
    const inGroup = message({ conversationId: null, groupId: 'g1', content: { id: 'x', body: '/media/a.png', type: 'image' } });
    expect(notificationContent(inGroup, 'Projeto')).toMatchObject({
      title: 'Projeto',
      body: 'Bruno: Imagem',
      path: '/auth/conversations/g1/group',
    });
    expect(notificationContent(inGroup, null)).toMatchObject({ title: 'Bruno', body: 'Imagem' });
  });
});

describe('createMessageNotifier', () => {
  let deps: NotifierDeps & {
    navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
    playSound: ReturnType<typeof vi.fn<() => void>>;
    focusWindow: ReturnType<typeof vi.fn<() => void>>;
  };
  let state = away;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeNotification.reset();
    state = away;
    deps = {
      meId: ME,
      windowState: () => state,
      groupName: vi.fn(async () => 'Projeto'),
      navigate: vi.fn<(path: string) => void>(),
      playSound: vi.fn<() => void>(),
      focusWindow: vi.fn<() => void>(),
      NotificationApi: asNotificationApi(),
    };
  });
  afterEach(() => vi.useRealTimers());

  it('shows a notification with sound, closed after 5000 ms', async () => {
    await createMessageNotifier(deps)(message());
    expect(deps.playSound).toHaveBeenCalledTimes(1);
    expect(FakeNotification.instances).toHaveLength(1);
    const shown = FakeNotification.instances[0]!;
    expect(shown.title).toBe('Bruno');
    expect(shown.options).toMatchObject({ body: 'Oi, Ana!', tag: 'message:m1' });
    vi.advanceTimersByTime(4999);
    expect(shown.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shown.closed).toBe(true);
  });

  it("follows the person's settings: sound off, level, 'Não perturbe'", async () => {
    const base = { level: 'all', quietHours: null, timeZone: 'UTC', sound: false, emailDigest: true } as const;
    await createMessageNotifier({ ...deps, settings: async () => base })(message());
    expect(FakeNotification.instances).toHaveLength(1);
    expect(deps.playSound).not.toHaveBeenCalled();
    const inGroup = message({ id: 'g-m', conversationId: null, groupId: 'g1' });
    await createMessageNotifier({ ...deps, settings: async () => ({ ...base, sound: true, level: 'mentions' }) })(inGroup);
    await createMessageNotifier({ ...deps, settings: async () => ({ ...base, sound: true, level: 'none' }) })(message({ id: 'm-none' }));
    const hour = new Date().getUTCHours();
    const quietHours = { start: `${String(hour).padStart(2, '0')}:00`, end: `${String((hour + 1) % 24).padStart(2, '0')}:00` };
    await createMessageNotifier({ ...deps, settings: async () => ({ ...base, sound: true, quietHours }) })(message({ id: 'm-quiet' }));
    expect(FakeNotification.instances).toHaveLength(1);
    expect(deps.playSound).not.toHaveBeenCalled();
    await createMessageNotifier({ ...deps, settings: async () => ({ ...base, sound: true, level: 'mentions' }) })(
      message({ id: 'm-direct' }),
    );
    expect(FakeNotification.instances).toHaveLength(2);
    expect(deps.playSound).toHaveBeenCalledTimes(1);
  });

  it('a click focuses the window and opens the chat', async () => {
    await createMessageNotifier(deps)(message({ conversationId: null, groupId: 'g1' }));
    const shown = FakeNotification.instances[0]!;
    expect(shown.title).toBe('Projeto');
    shown.click();
    expect(deps.focusWindow).toHaveBeenCalled();
    expect(deps.navigate).toHaveBeenCalledWith('/auth/conversations/g1/group');
    expect(shown.closed).toBe(true);
  });

  it('stays quiet while the user looks at the app, and for my own messages', async () => {
    state = looking;
    await createMessageNotifier(deps)(message());
    state = away;
    await createMessageNotifier(deps)(message({ authorId: ME }));
    expect(FakeNotification.instances).toHaveLength(0);
    expect(deps.playSound).not.toHaveBeenCalled();
  });

  it('notifies a message announced twice (a retried send) once, and never a repeat of one seen', async () => {
    const notify = createMessageNotifier(deps);
    await notify(message());
    await notify(message({ status: 'READ' }));
    expect(FakeNotification.instances).toHaveLength(1);
    expect(deps.playSound).toHaveBeenCalledTimes(1);
    state = looking;
    await notify(message({ id: 'm2' }));
    state = away;
    await notify(message({ id: 'm2' }));
    expect(FakeNotification.instances).toHaveLength(1);
    expect(deps.playSound).toHaveBeenCalledTimes(1);
    await notify(message({ id: 'm3' }));
    expect(FakeNotification.instances).toHaveLength(2);
  });

  it('without permission only the chime sounds', async () => {
    FakeNotification.reset('denied');
    await createMessageNotifier(deps)(message());
    expect(FakeNotification.instances).toHaveLength(0);
    expect(deps.playSound).toHaveBeenCalledTimes(1);
  });

  it("falls back to the sender's name when the group cannot be looked up", async () => {
    deps.groupName = vi.fn(async () => {
      throw new Error('offline');
    });
    await createMessageNotifier(deps)(message({ conversationId: null, groupId: 'g1' }));
    expect(FakeNotification.instances[0]!.title).toBe('Bruno');
  });
});

describe('silenced chats', () => {
  it('are quiet, except for a mention of me or @todos', () => {
    expect(shouldNotify(message(), ME, away, true)).toBe(false);
    expect(shouldNotify(message({ mentions: [ME] }), ME, away, true)).toBe(true);
    expect(shouldNotify(message({ mentions: ['todos'] }), ME, away, true)).toBe(true);
    expect(shouldNotify(message({ mentions: [ME] }), ME, looking, true)).toBe(false);
  });

  it('shows mention tokens as @ in the notification text', () => {
    expect(
      notificationContent(
        message({ content: { id: 'c', body: 'oi <@3f2504e0-4f89-41d3-9a0c-0305e82c3301> e <@todos>', type: 'text' } }),
        null,
      ).body,
    ).toBe('oi @ e @todos');
  });
});
