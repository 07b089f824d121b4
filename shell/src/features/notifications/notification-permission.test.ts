import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asNotificationApi, FakeNotification } from './fake-notification';
import { askPermissionOnFirstGesture, resetPermissionAsked } from './notification-permission';

describe('notification permission', () => {
  let request: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    resetPermissionAsked();
    FakeNotification.reset('default');
    request = vi.fn(async () => 'granted');
    FakeNotification.requestPermission = request as typeof FakeNotification.requestPermission;
    vi.stubGlobal('Notification', asNotificationApi());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is asked on the first click or key press, once', () => {
    const stop = askPermissionOnFirstGesture(window);
    expect(request).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    window.dispatchEvent(new Event('pointerdown'));
    expect(request).toHaveBeenCalledTimes(1);
    stop();
    // A second mount (the area re-rendered) does not ask again.
    askPermissionOnFirstGesture(window);
    window.dispatchEvent(new Event('pointerdown'));
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('is not asked when already decided', () => {
    FakeNotification.permission = 'denied';
    askPermissionOnFirstGesture(window);
    window.dispatchEvent(new Event('pointerdown'));
    expect(request).not.toHaveBeenCalled();
  });

  it('is not asked after the area unmounts before any gesture', () => {
    const stop = askPermissionOnFirstGesture(window);
    stop();
    window.dispatchEvent(new Event('pointerdown'));
    expect(request).not.toHaveBeenCalled();
  });
});
