// A stand-in for the browser's Notification in tests (jsdom has none).
export class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static instances: FakeNotification[] = [];
  static requestPermission = async (): Promise<NotificationPermission> => FakeNotification.permission;

  onclick: ((event: Event) => void) | null = null;
  closed = false;

  constructor(
    public title: string,
    public options: NotificationOptions = {},
  ) {
    FakeNotification.instances.push(this);
  }

  close() {
    this.closed = true;
  }

  click() {
    this.onclick?.(new Event('click'));
  }

  static reset(permission: NotificationPermission = 'granted') {
    FakeNotification.permission = permission;
    FakeNotification.instances = [];
  }
}

export const asNotificationApi = () => FakeNotification as unknown as typeof Notification;
